import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../lib/api-types';
import { useMediaQuery } from '../../lib/media';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { type Handoff, useHandoff } from '../../ui/StandIn';
import { type InviteItem, toInviteItems } from './model';

type Action = 'accept' | 'decline' | 'block';

/** Where the panel becomes a popover under the bell instead of a bottom sheet. */
const DESKTOP = '(min-width: 768px)';

export interface NotificationPanelProps {
  /** The bell's query of the open notifications. */
  list: {
    data: RouterOutputs['notifications']['list'] | undefined;
    isPending: boolean;
    refetch(): Promise<unknown>;
  };
  /** The bell's name, with the count. */
  label: string;
  /** The bell icon and its badge. */
  bell: ReactNode;
  handoff: Handoff;
}

/**
 * The bell's panel: on a desktop (768 px and wider) a popover under the bell, leaving the page
 * usable; on phones a modal bottom sheet. Radix's popover and dialog come with this module,
 * fetched after the first screen (NotificationBell).
 */
export default function NotificationPanel({ list, label, bell, handoff }: NotificationPanelProps) {
  const { t } = useTranslation('notifications');
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useHandoff(handoff, trigger);
  const desktop = useMediaQuery(DESKTOP);
  const titleId = useId();
  const items = toInviteItems(list.data);

  // Opened by a press on the stand-in: the list is asked again, as on any opening.
  const refetch = list.refetch;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) void refetch();
    wasOpen.current = open;
  }, [open, refetch]);

  function onOpenChange(next: boolean) {
    setOpen(next);
  }

  const body = <PanelBody pending={list.isPending} items={items} />;

  if (desktop) {
    return (
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        <Popover.Trigger ref={trigger} className="icon-btn notif-bell" aria-label={label}>
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
      <Dialog.Trigger ref={trigger} className="icon-btn notif-bell" aria-label={label}>
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
  const queryClient = useQueryClient();
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
          className="btn btn-primary notif-action"
          aria-describedby={textId}
          disabled={busy}
          onClick={() => run('accept')}
        >
          {t('accept')}
        </button>
        <button
          type="button"
          className="btn notif-action"
          aria-describedby={textId}
          disabled={busy}
          onClick={() => run('decline')}
        >
          {t('decline')}
        </button>
        <button
          type="button"
          className="btn btn-ghost notif-action notif-block"
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
