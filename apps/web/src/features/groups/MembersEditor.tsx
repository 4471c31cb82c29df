import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Friend } from '../../lib/api-types';
import { cleanMemberName, DEFAULT_SHARE, type DraftMember } from '../../lib/members';
import { HelpTip } from '../../ui/HelpTip';
import { CrossIcon } from '../../ui/icons';
import { MemberAvatar } from '../../ui/MemberAvatar';
import { memberRowClass } from '../../ui/member-row';
import { ShareStepper } from '../../ui/Stepper';
import { FriendPicker } from './FriendPicker';
import './groups.css';

interface MembersEditorProps {
  /** The creator: shown first as you, admin, share 1, not removable. */
  currentUserName: string;
  members: DraftMember[];
  onChange(members: DraftMember[]): void;
  /** The user's friends, offered for one-tap adding. */
  friends?: readonly Friend[];
}

/** The members of a new group with their default shares, and a name field to add more. */
export function MembersEditor({ currentUserName, members, onChange, friends = [] }: MembersEditorProps) {
  const { t } = useTranslation('groups');
  const id = useId();
  const nextId = useRef(1);
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  function add() {
    const name = cleanMemberName(draft);
    if (!name) {
      setError(t('memberNameRequired'));
      inputRef.current?.focus();
      return;
    }
    let tmp = `tmp-${nextId.current++}`;
    while (members.some((m) => m.id === tmp)) tmp = `tmp-${nextId.current++}`;
    onChange([...members, { id: tmp, name, share: DEFAULT_SHARE }]);
    setDraft('');
    setError(null);
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      // Enter adds the member; it must not submit the form.
      event.preventDefault();
      add();
    }
  }

  return (
    <section className="members" aria-labelledby={`${id}-title`}>
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
        <li className={memberRowClass(currentUserName)}>
          <MemberAvatar name={currentUserName} />
          <span className="member-name">
            <span className="member-name-text">{currentUserName}</span>{' '}
            <span className="muted">{t('you')}</span>
            <span className="badge badge-admin">{t('admin')}</span>
          </span>
          <span className="member-controls">
            <span className="member-share-fixed">
              <span className="visually-hidden">{t('share')}: </span>
              {DEFAULT_SHARE}
            </span>
            <span className="member-remove-placeholder" aria-hidden="true" />
          </span>
        </li>
        {members.map((member) => (
          <li className={memberRowClass(member.name)} key={member.id}>
            <MemberAvatar name={member.name} />
            <span className="member-name">
              <span className="member-name-text">{member.name}</span>
            </span>
            <span className="member-controls">
              <ShareStepper
                name={member.name}
                value={member.share}
                onChange={(share) => onChange(members.map((m) => (m.id === member.id ? { ...m, share } : m)))}
              />
              <button
                type="button"
                className="icon-btn member-remove"
                aria-label={t('removeMember', { name: member.name })}
                onClick={() => onChange(members.filter((m) => m.id !== member.id))}
              >
                <CrossIcon size={18} />
              </button>
            </span>
          </li>
        ))}
      </ul>
      <div className="member-add">
        <label className="visually-hidden" htmlFor={`${id}-name`}>
          {t('memberName')}
        </label>
        <input
          ref={inputRef}
          id={`${id}-name`}
          className="input member-add-input"
          type="text"
          maxLength={100}
          autoComplete="off"
          placeholder={t('memberName')}
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="btn member-add-button" onClick={add}>
          {t('addMember')}
        </button>
      </div>
      {error ? (
        <p className="field-error member-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <FriendPicker
        friends={friends}
        added={new Set(members.flatMap((m) => (m.accountId ? [m.accountId] : [])))}
        onPick={(friend) =>
          onChange([
            ...members,
            { id: `friend-${friend.id}`, accountId: friend.id, name: friend.name, share: DEFAULT_SHARE },
          ])
        }
      />
      <p className="muted members-hint">{t('membersHint')}</p>
    </section>
  );
}
