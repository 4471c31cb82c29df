import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { AccountRow } from '../../ui/AccountRow';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PasswordField, TextField } from '../../ui/fields';
import { unlinkFailure } from './model';

/**
 * Email and password among the sign-in methods: the email, and changing the password (with the
 * current one), setting a first one, or removing it (never the last way to sign in).
 */
export function PasswordRow() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const status = useQuery(trpc.auth.passwordStatus.queryOptions());
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.auth.passwordStatus.queryKey() });
  const remove = useMutation(
    trpc.auth.removePassword.mutationOptions({
      onSuccess: () => toast.success(t('passwordRemoved')),
      onError: (error) => toast.error(t(unlinkFailure(error))),
      onSettled: () => {
        setAsking(false);
        return refresh();
      },
    }),
  );
  if (!status.data) return null;
  const { hasPassword, email } = status.data;
  return (
    <>
      <AccountRow
        badge="@"
        title={t('passwordMethod')}
        detail={hasPassword ? (email ?? '') : t('passwordNotSet')}
        action={
          <>
            <button
              type="button"
              className="btn account-password-change"
              aria-expanded={editing}
              onClick={() => setEditing(!editing)}
            >
              {hasPassword ? t('changePassword') : t('setPassword')}
            </button>
            {hasPassword ? (
              <button
                type="button"
                className="btn btn-ghost account-unlink"
                aria-label={t('unlinkProvider', { provider: t('passwordMethod') })}
                onClick={() => setAsking(true)}
              >
                {t('unlink')}
              </button>
            ) : null}
          </>
        }
      />
      {editing ? (
        <PasswordForm
          hasPassword={hasPassword}
          needsEmail={!email}
          onDone={() => {
            setEditing(false);
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setAsking(false);
        }}
        title={t('unlinkTitle', { provider: t('passwordMethod') })}
        description={t('passwordRemoveText')}
        confirmLabel={t('unlink')}
        danger
        busy={remove.isPending}
        onConfirm={() => {
          if (!remove.isPending) remove.mutate();
        }}
      />
    </>
  );
}

function PasswordForm(props: { hasPassword: boolean; needsEmail: boolean; onDone(): void }) {
  const { t } = useTranslation('account');
  const uid = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; email?: string }>({});
  const change = useMutation(trpc.auth.changePassword.mutationOptions());

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: typeof errors = {};
    if (props.hasPassword && !current) problems.current = t('passwordCurrentRequired');
    if (next.length < 6) problems.next = t('passwordTooShort');
    if (props.needsEmail && !/^\S+@\S+\.\S+$/.test(email.trim())) problems.email = t('passwordEmailRequired');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    change.mutate(
      {
        newPassword: next,
        ...(props.hasPassword ? { currentPassword: current } : {}),
        ...(props.needsEmail ? { email: email.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('passwordChanged'));
          props.onDone();
        },
        onError: (error) => {
          const code = errorCode(error);
          if (code === 'WRONG_PASSWORD') setErrors({ current: t('passwordWrong') });
          else if (code === 'EMAIL_TAKEN') setErrors({ email: t('passwordEmailTaken') });
          else if (code === 'TOO_MANY_REQUESTS') toast.error(t('passwordTooManyTries'));
          else toast.error(t('passwordChangeFailed'));
        },
      },
    );
  }

  return (
    <form className="account-password-form" noValidate onSubmit={submit}>
      {props.needsEmail ? (
        <TextField
          id={`${uid}-email`}
          label={t('passwordEmail')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
      ) : null}
      {props.hasPassword ? (
        <PasswordField
          id={`${uid}-current`}
          label={t('passwordCurrent')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.current}
        />
      ) : null}
      <PasswordField
        id={`${uid}-new`}
        label={t('passwordNew')}
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={errors.next}
        hint={props.hasPassword ? t('passwordOtherSessions') : undefined}
      />
      <button type="submit" className="btn btn-primary account-password-save" disabled={change.isPending}>
        {t('passwordSave')}
      </button>
    </form>
  );
}
