import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../lib/media';
import { toast } from '../../lib/toast';
import { queryClient, trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { BellIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { type InviteItem, NOTIFICATION_POLL_MS, toInviteItems } from './model';
import './notifications.css';

type Action = 'accept' | 'decline' | 'block';

/** Where the panel becomes a popover under the bell instead of a bottom sheet. */
const DESKTOP = '(min-width: 768px)';

/**
 * Header bell with the count of open invites. On a desktop (768 px and wider) it opens a popover
 * under the bell, leaving the page usable; on phones a modal bottom sheet.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const desktop = useMediaQuery(DESKTOP);
  const titleId = useId();
  const list = useQuery(
    trpc.notifications.list.queryOptions(undefined, { refetchInterval: NOTIFICATION_POLL_MS }),
  );
  const items = toInviteItems(list.data);
  const count = items.length;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) void list.refetch();
  }

  const bell = (
    <>
      <BellIcon />
      {count > 0 ? (
        <span className="notif-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </>
  );
  const label = count > 0 ? t('bellWithCount', { count }) : t('bell');
  const body = <PanelBody pending={list.isPending} items={items} />;

  if (desktop) {
    return (
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        <Popover.Trigger className="icon-btn notif-bell" aria-label={label}>
          {bell}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className="notif-panel notif-popover"
            align="end"
            sideOffset={8}
            collisionPadding={12}
            aria-labelledby={titleId}
          >
            <div className="notif-head">
              <h2 className="notif-title" id={titleId}>
                {t('title')}
              </h2>
              <Popover.Close className="icon-btn" aria-label={t('close')}>
                <span aria-hidden="true">×</span>
              </Popover.Close>
            </div>
            {body}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className="icon-btn notif-bell" aria-label={label}>
        {bell}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay notif-overlay" />
        <Dialog.Content className="notif-panel notif-sheet" aria-describedby={undefined}>
          <div className="notif-head">
            <Dialog.Title className="notif-title">{t('title')}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {body}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PanelBody({ pending, items }: { pending: boolean; items: InviteItem[] }) {
  const { t } = useTranslation('notifications');
  if (pending) {
    return (
      <p className="notif-empty" role="status">
        <Spinner /> {t('loading')}
      </p>
    );
  }
  if (items.length === 0) return <p className="notif-empty">{t('empty')}</p>;
  return (
    <ul className="notif-list">
      {items.map((item) => (
        <NotificationRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

function NotificationRow({ item }: { item: InviteItem }) {
  const { t } = useTranslation('notifications');
  const [confirmBlock, setConfirmBlock] = useState(false);
  const listKey = trpc.notifications.list.queryKey();
  const options = {
    onSuccess: (_: unknown, input: { notificationId: string }) => {
      queryClient.setQueryData(listKey, (old) => old?.filter((n) => n.id !== input.notificationId));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: () => {
      toast.error(t('genericError', { ns: 'common' }));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  };
  const accept = useMutation(
    trpc.notifications.accept.mutationOptions({
      ...options,
      onSuccess: (data, input) => {
        options.onSuccess(data, input);
        void queryClient.invalidateQueries({ queryKey: trpc.groups.list.queryKey() });
        toast.success(t('accepted', { groupName: item.groupName }));
      },
    }),
  );
  const decline = useMutation(trpc.notifications.decline.mutationOptions(options));
  const block = useMutation(
    trpc.notifications.block.mutationOptions({
      ...options,
      onSettled: () => setConfirmBlock(false),
    }),
  );
  const busy = accept.isPending || decline.isPending || block.isPending;
  const run = (action: Action) => {
    const input = { notificationId: item.id };
    if (action === 'accept') accept.mutate(input);
    else if (action === 'decline') decline.mutate(input);
    else block.mutate(input);
  };
  const textId = `notif-${item.id}`;
  const names = { senderName: item.senderName, groupName: item.groupName };

  return (
    <li className="notif-item">
      <p id={textId} className="notif-text">
        {item.senderName ? t('invite', names) : t('inviteUnknownSender', names)}
      </p>
      <div className="notif-actions">
        <button
          type="button"
          className="btn btn-primary"
          aria-describedby={textId}
          disabled={busy}
          onClick={() => run('accept')}
        >
          {t('accept')}
        </button>
        <button
          type="button"
          className="btn"
          aria-describedby={textId}
          disabled={busy}
          onClick={() => run('decline')}
        >
          {t('decline')}
        </button>
        <button
          type="button"
          className="btn btn-ghost notif-block"
          aria-describedby={textId}
          disabled={busy}
          onClick={() => setConfirmBlock(true)}
        >
          {t('block')}
        </button>
      </div>
      <ConfirmDialog
        open={confirmBlock}
        onOpenChange={setConfirmBlock}
        title={t('blockTitle')}
        description={t('blockText', names)}
        confirmLabel={t('blockConfirm')}
        danger
        busy={block.isPending}
        onConfirm={() => run('block')}
      />
    </li>
  );
}
