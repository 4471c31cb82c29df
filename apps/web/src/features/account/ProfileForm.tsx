import { nameProblem } from '@dolya/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setSessionUser, useUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { HelpTip } from '../../ui/HelpTip';
import { Avatar } from '../../ui/UserAvatar';
import { CopyUsernameButton } from './CopyUsernameButton';
import {
  canSaveProfile,
  type ProfileMessage,
  type ProfileValues,
  profileInput,
  profileSaveFailure,
  profileValues,
} from './model';
import './account.css';

type Failure = { field: 'name' | 'username'; message: ProfileMessage };

/** Name, username (with copy and a tip) and messenger username; save only after a change (spec §5). */
export function ProfileForm() {
  const { t } = useTranslation('account');
  const user = useUser();
  const id = useId();
  const [values, setValues] = useState<ProfileValues>(() => profileValues(user));
  const [failure, setFailure] = useState<Failure | null>(null);

  const save = useMutation(
    trpc.auth.updateProfile.mutationOptions({
      onSuccess: (fresh) => {
        setSessionUser(fresh);
        setValues(profileValues(fresh));
        setFailure(null);
        toast.success(t('saved'));
      },
      onError: (error) => {
        const found = profileSaveFailure(error);
        if (found.field) setFailure({ field: found.field, message: found.message });
        toast.error(t(found.message === 'usernameTaken' ? 'usernameTaken' : 'saveFailed'));
        if (found.field) document.getElementById(`${id}-${found.field}`)?.focus();
      },
    }),
  );

  const nameIssue = nameProblem(values.name);
  const enabled = canSaveProfile(user, values) && !nameIssue && !save.isPending;

  function set(field: keyof ProfileValues) {
    return (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      if (failure?.field === field) setFailure(null);
    };
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!enabled) return;
    save.mutate(profileInput(values));
  }

  const nameError = nameIssue
    ? t(nameIssue === 'unsafe' ? 'nameUnsafe' : 'nameRequired')
    : failure?.field === 'name'
      ? t(failure.message)
      : undefined;
  const usernameError = failure?.field === 'username' ? t(failure.message) : undefined;

  return (
    <form className="card account-profile" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <div className="account-profile-head">
        <Avatar name={values.name.trim() || user.name} size="large" className="account-avatar" />
        <div className="account-who">
          <h2 className="account-section-title" id={`${id}-title`}>
            {t('profileTitle')}
          </h2>
          {user.email ? <div className="muted account-email">{user.email}</div> : null}
        </div>
      </div>

      <div className="field">
        <label className="field-label" htmlFor={`${id}-name`}>
          {t('name')}
        </label>
        <input
          id={`${id}-name`}
          className="input"
          type="text"
          maxLength={100}
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
        />
        {nameError ? (
          <span className="field-error" id={`${id}-name-error`}>
            {nameError}
          </span>
        ) : null}
      </div>

      <div className="field">
        <span className="account-label-row">
          <label className="field-label" htmlFor={`${id}-username`}>
            {t('username')}
          </label>
          <HelpTip label={t('usernameHelpLabel')}>{t('usernameHelp')}</HelpTip>
        </span>
        <span className="account-username">
          <span className="account-at" aria-hidden="true">
            @
          </span>
          <input
            id={`${id}-username`}
            className="input account-username-input"
            type="text"
            maxLength={32}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            onChange={set('username')}
            aria-invalid={usernameError ? true : undefined}
            aria-describedby={usernameError ? `${id}-username-error` : undefined}
          />
          <CopyUsernameButton username={user.username} />
        </span>
        {usernameError ? (
          <span className="field-error" id={`${id}-username-error`} role="alert">
            {usernameError}
          </span>
        ) : null}
      </div>

      <div className="field">
        <label className="field-label" htmlFor={`${id}-telegram`}>
          {t('telegramUsername')}
        </label>
        <input
          id={`${id}-telegram`}
          className="input"
          type="text"
          maxLength={33}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('telegramPlaceholder')}
          value={values.telegramUsername}
          onChange={set('telegramUsername')}
        />
      </div>

      <button
        type="submit"
        className="btn btn-primary account-save"
        disabled={!enabled}
        aria-busy={save.isPending || undefined}
      >
        {t('save')}
      </button>
    </form>
  );
}
