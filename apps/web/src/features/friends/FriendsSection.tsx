import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Friend } from '../../lib/api-types';
import { invalidateFriends, sameUsername, useFriends } from '../../lib/friends';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorCode, trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { HelpTip } from '../../ui/HelpTip';
import { CrossIcon } from '../../ui/icons';
import { MemberAvatar } from '../../ui/MemberAvatar';
import { Spinner } from '../../ui/Spinner';
import { addFriendFailure } from './model';
import './friends.css';

/** /account friends (spec §2, §5): add by username, the list, remove. */
export function FriendsSection() {
  const { t } = useTranslation('friends');
  const queryClient = useQueryClient();
  const id = useId();
  const { friends, loading } = useFriends();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const { data: me } = useSession();
  const [error, setError] = useState<'usernameRequired' | 'notFound' | 'notYourself' | 'genericError' | null>(
    null,
  );

  const add = useMutation(
    trpc.friends.add.mutationOptions({
      onSuccess: () => {
        setDraft('');
        toast.success(t('added'));
      },
      onError: (failure) => {
        const result = addFriendFailure(errorCode(failure));
        setError(result.message);
        if (result.toast) toast.error(t('addFailed'));
        inputRef.current?.focus();
      },
      onSettled: () => invalidateFriends(queryClient),
    }),
  );
  // Removing asks first: the friend answers nothing and cannot be undone with a tap.
  const [toRemove, setToRemove] = useState<Friend | null>(null);
  const remove = useMutation(
    trpc.friends.remove.mutationOptions({
      onSuccess: () => toast.success(t('removed')),
      onError: () => toast.error(t('removeFailed')),
      onSettled: () => {
        setToRemove(null);
        return invalidateFriends(queryClient);
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    // «@anya» is how the app shows a username (issue 27): the @ is not part of it.
    const username = draft.trim().replace(/^@/, '');
    if (!username) {
      setError('usernameRequired');
      inputRef.current?.focus();
      return;
    }
    if (me?.username && sameUsername(username, me.username)) {
      setError('notYourself');
      inputRef.current?.focus();
      return;
    }
    setError(null);
    add.mutate({ username });
  }

  return (
    <section className="card friends" aria-labelledby={`${id}-title`}>
      <div className="friends-head">
        <h2 className="friends-section-title" id={`${id}-title`}>
          {t('title')}
        </h2>
        <HelpTip label={t('helpLabel')}>{t('help')}</HelpTip>
      </div>
      <form className="friends-form" onSubmit={submit} noValidate>
        <label className="field-label friends-label" htmlFor={`${id}-username`}>
          {t('usernameLabel')}
        </label>
        <div className="friends-add-row">
          <input
            ref={inputRef}
            id={`${id}-username`}
            className="input friends-input"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
            placeholder={t('usernamePlaceholder')}
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              if (error) setError(null);
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {t('add')}
          </button>
        </div>
        {error ? (
          <p className="field-error" id={`${id}-error`} role="alert">
            {t(error)}
          </p>
        ) : null}
      </form>
      {loading ? (
        <Spinner />
      ) : friends.length === 0 ? (
        <p className="muted friends-empty">{t('empty')}</p>
      ) : (
        <ul className="list friends-list" aria-label={t('title')}>
          {friends.map((friend) => (
            <li className="friends-row" key={friend.id}>
              <MemberAvatar name={friend.name} />
              <span className="friends-who">
                <span className="friends-name">{friend.name}</span>
                {friend.username ? <span className="muted friends-username">@{friend.username}</span> : null}
              </span>
              <button
                type="button"
                className="icon-btn"
                aria-label={t('remove', { name: friend.name })}
                disabled={remove.isPending && remove.variables?.id === friend.id}
                onClick={() => setToRemove(friend)}
              >
                <CrossIcon size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToRemove(null);
        }}
        title={t('removeTitle')}
        description={toRemove ? t('removeText', { name: toRemove.name }) : undefined}
        confirmLabel={t('removeConfirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => {
          if (toRemove) remove.mutate({ id: toRemove.id });
        }}
      />
    </section>
  );
}
