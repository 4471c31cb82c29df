import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../lib/api-error';
import { setSessionUser, useUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useReturnFocus } from '../../ui/return-focus';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Deleting the account (issue 29): what happens to each group first (account.deletionPlan), then
 * the username typed to confirm. While the person is the last admin of a group with others, the
 * dialog names those groups (links to their settings) and deletes nothing.
 */
export function DeleteAccountDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation('account');
  const id = useId();
  const user = useUser();
  const router = useRouter();
  const queryClient = useQueryClient();
  const returnFocus = useReturnFocus(open);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const plan = useQuery({ ...trpc.account.deletionPlan.queryOptions(), enabled: open, staleTime: 0 });
  const remove = useMutation(
    trpc.account.delete.mutationOptions({
      onSuccess: async () => {
        // As after signing out: the signed-in screens go first, then the cache and the offline copy.
        setSessionUser(null);
        await router.navigate({ to: '/login' });
        queryClient.clear();
        void import('../../lib/offline').then((m) => m.dropOfflineData());
        toast.success(t('deleted'));
      },
      onError: (failure) => {
        const code = errorCode(failure);
        if (code === 'LAST_ADMIN') void plan.refetch();
        setError(code === 'VALIDATION_ERROR' ? t('deleteTypeUsername') : t('deleteFailed'));
      },
    }),
  );

  const matches = typed.trim().replace(/^@/, '').toLowerCase() === user.username.toLowerCase();
  const blocking = plan.data?.blocking ?? [];
  const canDelete = plan.isSuccess && blocking.length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canDelete || remove.isPending) return;
    if (!matches) {
      setError(t('deleteTypeUsername'));
      return;
    }
    remove.mutate({ username: typed });
  }

  function change(next: boolean) {
    if (!next) {
      setTyped('');
      setError(null);
    }
    onOpenChange(next);
  }

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog account-delete-dialog">
          <Dialog.Title className="dialog-title">{t('deleteTitle')}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('deleteText')}</Dialog.Description>
          {plan.isPending ? <p className="muted">{t('deleteChecking')}</p> : null}
          {plan.isError ? (
            <p className="field-error" role="alert">
              {t('deleteFailed')}
            </p>
          ) : null}
          {blocking.length > 0 ? (
            <div className="account-delete-blocking" role="alert">
              <p>{t('deleteBlocked')}</p>
              <ul>
                {blocking.map((group) => (
                  <li key={group.id}>
                    <Link to="/group/$groupId/settings" params={{ groupId: group.id }}>
                      {group.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {canDelete ? (
            <>
              {plan.data.kept.length > 0 ? (
                <p className="account-delete-groups">
                  {t('deleteKept', { groups: plan.data.kept.map((g) => g.name).join(', ') })}
                </p>
              ) : null}
              {plan.data.deleted.length > 0 ? (
                <p className="account-delete-groups">
                  {t('deleteGroups', { groups: plan.data.deleted.map((g) => g.name).join(', ') })}
                </p>
              ) : null}
              <form onSubmit={submit} noValidate>
                <div className="field">
                  <label className="field-label" htmlFor={`${id}-username`}>
                    {t('deleteConfirmLabel', { username: user.username })}
                  </label>
                  <input
                    id={`${id}-username`}
                    className="input"
                    type="text"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={typed}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(event) => {
                      setTyped(event.target.value);
                      setError(null);
                    }}
                  />
                  {error ? (
                    <p className="field-error" id={`${id}-error`} role="alert">
                      {error}
                    </p>
                  ) : null}
                </div>
                <div className="dialog-actions">
                  <Dialog.Close type="button" className="btn btn-ghost">
                    {t('cancel')}
                  </Dialog.Close>
                  <button type="submit" className="btn btn-danger" disabled={!matches || remove.isPending}>
                    {remove.isPending ? t('deleting') : t('deleteConfirm')}
                  </button>
                </div>
              </form>
            </>
          ) : (
            <div className="dialog-actions">
              <Dialog.Close type="button" className="btn">
                {t('close')}
              </Dialog.Close>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
