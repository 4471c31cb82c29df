import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTelegramMiniApp } from '../../lib/telegram/miniapp';
import { toast } from '../../lib/toast';
import { errorCode, trpc } from '../../lib/trpc';
import { AccountRow } from '../../ui/AccountRow';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { alreadyOnAuthenticator, cancelled, linkPasskey, passkeysSupported } from './api';
import { KeyIcon } from './KeyIcon';
import './passkey.css';

type Status = { linked: boolean; count: number };

/** The passkey line of the linked-accounts section on /account (link, status, unlink). */
export function PasskeyRow() {
  const { t } = useTranslation('passkey');
  const queryClient = useQueryClient();
  const status = useQuery(trpc.passkey.linked.queryOptions());
  const statusKey = trpc.passkey.linked.queryKey();
  const [linking, setLinking] = useState(false);
  const [asking, setAsking] = useState(false);
  // WebAuthn does not work in the Telegram mini app's web view (nor in browsers without it).
  const canLink = passkeysSupported() && !isTelegramMiniApp();

  const setStatus = (next: Status) => queryClient.setQueryData(statusKey, next);
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusKey });

  async function link() {
    if (linking) return;
    setLinking(true);
    try {
      setStatus(await linkPasskey());
      toast.success(t('linked'));
    } catch (error) {
      if (errorCode(error) === 'PASSKEY_ALREADY_LINKED' || alreadyOnAuthenticator(error)) {
        toast.info(t('alreadyLinked'));
        setStatus({ linked: true, count: Math.max(1, status.data?.count ?? 0) });
        void refresh();
      } else if (!cancelled(error)) {
        toast.error(t('linkFailed'));
      }
    } finally {
      setLinking(false);
    }
  }

  const unlink = useMutation(
    trpc.passkey.unlink.mutationOptions({
      onSuccess: (next) => {
        setStatus(next);
        toast.success(t('unlinked'));
      },
      onError: (error) =>
        toast.error(t(errorCode(error) === 'CANNOT_UNLINK_LAST_ACCOUNT' ? 'lastMethod' : 'unlinkFailed')),
      onSettled: () => {
        setAsking(false);
        return refresh();
      },
    }),
  );

  const data = status.data;
  let detail: string;
  let action = null;
  if (status.isPending) {
    detail = '…';
  } else if (!data) {
    detail = t('statusFailed');
    action = (
      <button type="button" className="btn" onClick={() => void status.refetch()}>
        {t('retry')}
      </button>
    );
  } else if (data.linked) {
    detail = data.count === 1 ? t('linkedSingle') : t('linkedCount', { count: data.count });
    action = (
      <button
        type="button"
        className="btn btn-ghost account-unlink"
        aria-label={t('unlinkLabel')}
        onClick={() => setAsking(true)}
      >
        {t('unlink')}
      </button>
    );
  } else {
    detail = t('notLinked');
    if (canLink) {
      action = (
        <button
          type="button"
          className="btn account-link"
          aria-label={t('linkLabel')}
          disabled={linking}
          onClick={() => void link()}
        >
          {linking ? t('linking') : t('link')}
        </button>
      );
    }
  }

  return (
    <>
      <AccountRow badge={<KeyIcon />} title={t('title')} detail={detail} action={action} />
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          if (!open && !unlink.isPending) setAsking(false);
        }}
        title={t('unlinkTitle')}
        description={t('unlinkText')}
        confirmLabel={t('unlink')}
        danger
        busy={unlink.isPending}
        onConfirm={() => {
          if (asking && !unlink.isPending) unlink.mutate();
        }}
      />
    </>
  );
}
