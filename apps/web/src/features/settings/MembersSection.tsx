import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n';
import type { GroupMember } from '../../lib/api-types';
import { useAddFriend, useFriends } from '../../lib/friends';
import { cleanMemberName } from '../../lib/members';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { HelpTip } from '../../ui/HelpTip';
import { UserPlusIcon } from '../../ui/icons';
import { MemberAvatar } from '../../ui/MemberAvatar';
import { memberRowClass } from '../../ui/member-row';
import { ShareStepper } from '../../ui/Stepper';
import { invalidateMembership } from './api';
import { MemberMenu, useMemberActions } from './MemberActions';
import { friendAction, hasAnyAction, orderedMembers, rowActions } from './model';
import './settings.css';
import { useIdempotencyKey } from '../../lib/idempotency';

interface MembersSectionProps {
  groupId: string;
  users: readonly GroupMember[];
  isAdmin: boolean;
  shareOf(memberId: string): number;
  onShareChange(memberId: string, share: number): void;
  /** Under the admin's name field: the friends to add with a tap (the friends' list, from the route). */
  addFromFriends: AddFromFriends;
}

/** The "from friends" part of the Add panel, given the group's members. */
export type AddFromFriends = (members: readonly GroupMember[]) => ReactNode;

/** Members with their default shares, the admin's Add toggle and each row's actions (spec §2). */
export function MembersSection({
  groupId,
  users,
  isAdmin,
  shareOf,
  onShareChange,
  addFromFriends,
}: MembersSectionProps) {
  const { t, i18n } = useTranslation('settings');
  const id = useId();
  const [adding, setAdding] = useState(false);
  const actions = useMemberActions(groupId);
  const { friends } = useFriends();
  const addFriend = useAddFriend();
  const members = orderedMembers(users, LOCALES[i18n.language === 'en' ? 'en' : 'ru']);

  const activeAdmins = members
    .filter((m) => m.isAdmin && m.membershipStatus === 'ACTIVE')
    .map((m) => m.memberId);

  return (
    <section className="members settings-members" aria-labelledby={`${id}-title`}>
      <div className="members-head">
        <h2 className="section-title" id={`${id}-title`}>
          {t('membersTitle')}
        </h2>
        <HelpTip>{t('membersHelp')}</HelpTip>
        <span className="members-share-head muted" aria-hidden="true">
          {t('share')}
        </span>
      </div>
      <ul className="list member-list">
        {members.map((member) => {
          const offered = rowActions(member, isAdmin, activeAdmins);
          const friend = friendAction(member, friends);
          const addToFriends = () => {
            if (member.username && !addFriend.isPending) addFriend.mutate({ username: member.username });
          };
          return (
            <li className={memberRowClass(member.name)} key={member.memberId}>
              <MemberAvatar name={member.name} />
              <span className="member-name">
                <span className="member-name-text">{member.name}</span>
                {member.isCurrentUser ? <span className="muted"> {t('you')}</span> : null}
                {member.isAdmin ? <span className="badge badge-admin">{t('admin')}</span> : null}
                {member.membershipStatus === 'PENDING' ? (
                  <span className="badge badge-pending">{t('pending')}</span>
                ) : null}
                {member.username ? null : <span className="badge">{t('noAccount')}</span>}
              </span>
              <span className="member-controls">
                {isAdmin ? (
                  <ShareStepper
                    name={member.name}
                    value={shareOf(member.memberId)}
                    onChange={(share) => onShareChange(member.memberId, share)}
                  />
                ) : (
                  <span className="member-share-fixed">
                    <span className="visually-hidden">{t('shareOf', { name: member.name })}: </span>
                    {shareOf(member.memberId)}
                  </span>
                )}
                {hasAnyAction(offered) || friend ? (
                  <MemberMenu
                    member={member}
                    actions={offered}
                    onAction={actions.request}
                    friend={friend}
                    onAddFriend={addToFriends}
                  />
                ) : (
                  <span className="member-remove-placeholder" aria-hidden="true" />
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {isAdmin ? (
        <button
          type="button"
          className="btn settings-add-toggle"
          aria-expanded={adding}
          aria-controls={adding ? `${id}-add` : undefined}
          onClick={() => setAdding((open) => !open)}
        >
          <UserPlusIcon size={18} />
          {t('addToggle')}
        </button>
      ) : null}
      {isAdmin && adding ? (
        <AddMemberPanel id={`${id}-add`} groupId={groupId} fromFriends={addFromFriends(users)} />
      ) : null}
      {actions.dialogs}
    </section>
  );
}

/** The name field and its Add button. Enter adds too, and never submits anything else (spec §2). */
function AddMemberPanel({
  id,
  groupId,
  fromFriends,
}: {
  id: string;
  groupId: string;
  fromFriends: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const attempt = useIdempotencyKey();
  const add = useMutation(
    trpc.members.add.mutationOptions({
      onSuccess: () => {
        attempt.renew();
        setDraft('');
        inputRef.current?.focus();
      },
      onError: () => toast.error(t('addFailed')),
      onSettled: () => invalidateMembership(queryClient, groupId),
    }),
  );

  function submit() {
    if (add.isPending) return;
    const name = cleanMemberName(draft);
    if (!name) {
      setError(t('memberNameRequired'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    add.mutate({ groupId, name, isAdmin: false, idempotencyKey: attempt.key });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <div className="settings-add" id={id}>
      <label className="field-label" htmlFor={`${id}-name`}>
        {t('memberName')}
      </label>
      <div className="settings-add-row">
        <input
          ref={inputRef}
          id={`${id}-name`}
          className="input settings-add-input"
          type="text"
          maxLength={100}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the field is what the Add toggle was pressed for
          autoFocus
          placeholder={t('memberNamePlaceholder')}
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn btn-primary settings-add-button"
          disabled={add.isPending}
          onClick={submit}
        >
          {t('add')}
        </button>
      </div>
      {error ? (
        <p className="field-error settings-add-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        <p className="muted settings-add-hint" id={`${id}-hint`}>
          {t('addHint')}
        </p>
      )}
      {fromFriends}
    </div>
  );
}
