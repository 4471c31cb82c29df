import type { RouterOutputs } from '../../lib/api-types';

/** One GROUP_INVITE as the panel shows it. */
export interface InviteItem {
  id: string;
  groupName: string;
  groupId: string | null;
  senderName: string;
}

type Notification = RouterOutputs['notifications']['list'][number];

/** Rows written before a field existed may lack it. */
const text = (value: string | undefined) => value ?? '';

/** The invites among the caller's notifications (the only type there is), in the API's order. */
export function toInviteItems(list: readonly Notification[] | undefined): InviteItem[] {
  return (list ?? [])
    .filter((n) => n.type === 'GROUP_INVITE')
    .map((n) => ({
      id: n.id,
      groupName: text(n.payload?.groupName),
      groupId: text(n.payload?.groupId) || null,
      senderName: text(n.payload?.senderName),
    }));
}

/** Polling interval of the open-notifications list (spec §9). */
export const NOTIFICATION_POLL_MS = 30_000;
