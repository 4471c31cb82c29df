import * as Menu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupMember } from '../../lib/api-types';
import { toast } from '../../lib/toast';
import { errorCode, trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  CheckIcon,
  CrossIcon,
  MoreIcon,
  ShieldIcon,
  ShieldOffIcon,
  UserMinusIcon,
  UserPlusIcon,
} from '../../ui/icons';
import { AlertDialog } from './AlertDialog';
import { invalidateMembership } from './api';
import type { MemberAction, RowActions } from './model';
import { PencilIcon } from './PencilIcon';
import { RenameDialog } from './RenameDialog';

type Member = Pick<GroupMember, 'memberId' | 'name' | 'isCurrentUser'>;

interface MemberMenuProps {
  member: Member;
  actions: RowActions;
  onAction(action: MemberAction, member: Member, trigger: HTMLElement | null): void;
  /** 'add to friends' or the disabled 'already friends' (others with a username), or neither. */
  friend?: 'add' | 'already' | null;
  onAddFriend?(): void;
}

/** The "⋯" button of a row and its menu: friends, rename, make admin, revoke admin, remove, cancel (spec §2). */
export function MemberMenu({ member, actions, onAction, friend, onAddFriend }: MemberMenuProps) {
  const { t } = useTranslation('settings');
  const { t: tf } = useTranslation('friends');
  // The confirmation opens once the menu has closed; its dialog has no trigger of its own, so the
  // row's button is handed over for focus to return to when the dialog closes.
  const trigger = useRef<HTMLButtonElement>(null);
  const ask = (action: MemberAction) => () => setTimeout(() => onAction(action, member, trigger.current), 0);
  return (
    // Not modal: a modal menu hides the header and the page (aria-hidden) while they hold
    // focusable elements; the menu still closes on Escape and on a click outside.
    <Menu.Root modal={false}>
      <Menu.Trigger
        ref={trigger}
        className="icon-btn member-menu-btn"
        aria-label={t('actionsFor', { name: member.name })}
      >
        <MoreIcon />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu member-menu" align="end" sideOffset={4} collisionPadding={8}>
          <Menu.Label className="menu-label member-menu-name">{member.name}</Menu.Label>
          {friend === 'add' ? (
            <Menu.Item className="menu-item" onSelect={() => onAddFriend?.()}>
              <UserPlusIcon />
              {tf('addToFriends')}
            </Menu.Item>
          ) : null}
          {friend === 'already' ? (
            <Menu.Item className="menu-item" disabled>
              <CheckIcon />
              {tf('alreadyFriends')}
            </Menu.Item>
          ) : null}
          {actions.rename ? (
            <Menu.Item className="menu-item" onSelect={ask('rename')}>
              <PencilIcon />
              {t('rename')}
            </Menu.Item>
          ) : null}
          {actions.makeAdmin ? (
            <Menu.Item className="menu-item" onSelect={ask('makeAdmin')}>
              <ShieldIcon />
              {t('makeAdmin')}
            </Menu.Item>
          ) : null}
          {actions.revokeAdmin ? (
            <Menu.Item className="menu-item" onSelect={ask('revokeAdmin')}>
              <ShieldOffIcon />
              {t('revokeAdmin')}
            </Menu.Item>
          ) : null}
          {actions.remove ? (
            <Menu.Item className="menu-item member-menu-danger" onSelect={ask('remove')}>
              <UserMinusIcon />
              {t('remove')}
            </Menu.Item>
          ) : null}
          <Menu.Separator className="menu-separator" />
          <Menu.Item className="menu-item member-menu-cancel">
            <CrossIcon />
            {t('cancel')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

type ResultKey =
  | 'renamed'
  | 'renameFailed'
  | 'removed'
  | 'removeFailed'
  | 'adminGranted'
  | 'adminGrantFailed'
  | 'adminRevoked'
  | 'adminRevokeFailed';

interface Pending {
  action: MemberAction;
  member: Member;
}

/**
 * The member calls behind their confirmations, with the spec's toasts (§8) and the LAST_ADMIN
 * alert; rename behind its name dialog. `request` asks; the dialogs are rendered by `dialogs`.
 */
export function useMemberActions(groupId: string) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [lastAdmin, setLastAdmin] = useState(false);
  // The dialogs have no trigger of their own: focus goes back to the row's "⋯" button if it is still there.
  const returnTo = useRef<HTMLElement | null>(null);
  const restoreFocus = () =>
    setTimeout(() => {
      if (returnTo.current?.isConnected) returnTo.current.focus();
    }, 0);
  const close = () => {
    setPending(null);
    restoreFocus();
  };

  const callbacks = (success: ResultKey, failure: ResultKey) => ({
    onSuccess: () => {
      toast.success(t(success));
    },
    onError: (error: unknown) => {
      if (errorCode(error) === 'LAST_ADMIN') setLastAdmin(true);
      else toast.error(t(failure));
    },
    onSettled: () => {
      close();
      return invalidateMembership(queryClient, groupId);
    },
  });

  const remove = useMutation(trpc.members.remove.mutationOptions(callbacks('removed', 'removeFailed')));
  const makeAdmin = useMutation(
    trpc.members.makeAdmin.mutationOptions(callbacks('adminGranted', 'adminGrantFailed')),
  );
  const revokeAdmin = useMutation(
    trpc.members.revokeAdmin.mutationOptions(callbacks('adminRevoked', 'adminRevokeFailed')),
  );
  const rename = useMutation(trpc.members.rename.mutationOptions(callbacks('renamed', 'renameFailed')));
  const calls = { remove, makeAdmin, revokeAdmin };
  const busy = remove.isPending || makeAdmin.isPending || revokeAdmin.isPending || rename.isPending;

  function confirm() {
    if (!pending || busy || pending.action === 'rename') return;
    calls[pending.action].mutate({ groupId, memberId: pending.member.memberId });
  }

  // The dialog keeps its last text while it fades out.
  const [shown, setShown] = useState<Pending | null>(null);
  if (pending && pending !== shown) setShown(pending);
  const name = shown?.member.name ?? '';
  type Confirmed = Exclude<MemberAction, 'rename'>;
  const texts: Record<Confirmed, { title: string; text: string; confirm: string; danger: boolean }> = {
    makeAdmin: {
      title: t('makeAdminTitle', { name }),
      text: t('makeAdminText', { name }),
      confirm: t('makeAdminConfirm'),
      danger: false,
    },
    revokeAdmin: {
      title: t('revokeAdminTitle', { name }),
      text: shown?.member.isCurrentUser ? t('revokeAdminSelfText') : t('revokeAdminText', { name }),
      confirm: t('revokeAdminConfirm'),
      danger: true,
    },
    remove: {
      title: t('removeTitle', { name }),
      text: t('removeText', { name }),
      confirm: t('removeConfirm'),
      danger: true,
    },
  };
  const text = shown && shown.action !== 'rename' ? texts[shown.action] : null;
  const renaming = pending?.action === 'rename' ? pending : null;

  const dialogs = (
    <>
      <RenameDialog
        open={renaming !== null}
        onOpenChange={(open) => {
          if (!open && !busy) close();
        }}
        name={shown?.action === 'rename' ? shown.member.name : ''}
        busy={busy}
        onRename={(name) => {
          if (renaming) rename.mutate({ groupId, memberId: renaming.member.memberId, name });
        }}
      />
      <ConfirmDialog
        open={pending !== null && pending.action !== 'rename'}
        onOpenChange={(open) => {
          if (!open && !busy) close();
        }}
        title={text?.title ?? ''}
        description={text?.text}
        confirmLabel={text?.confirm}
        danger={text?.danger}
        busy={busy}
        onConfirm={confirm}
      />
      <AlertDialog
        open={lastAdmin}
        onOpenChange={(open) => {
          setLastAdmin(open);
          if (!open) restoreFocus();
        }}
        title={t('lastAdminTitle')}
        text={t('lastAdminText')}
      />
    </>
  );

  function request(action: MemberAction, member: Member, trigger: HTMLElement | null) {
    returnTo.current = trigger;
    setPending({ action, member });
  }

  return { request, dialogs };
}
