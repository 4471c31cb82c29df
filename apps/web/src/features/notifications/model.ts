/** One GROUP_INVITE as the panel shows it; the API keeps the payload as loose JSON. */
export interface InviteItem {
  id: string;
  groupName: string;
  groupId: string | null;
  senderName: string;
}

interface RawNotification {
  id: string;
  type: string;
  payload: Record<string, unknown> | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The invites among the caller's notifications (the only type there is), in the API's order. */
export function toInviteItems(list: readonly RawNotification[] | undefined): InviteItem[] {
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
