import type { Group, GroupMember, UpdateGroupInput } from '../../lib/api-types';
import { isFriend } from '../../lib/friends';
import { sortMembers } from '../../lib/members';

/**
 * The settings form's edits on top of the group as the server has it. Keeping edits apart from the
 * server's data means a member added or removed meanwhile shows up at once without losing the edits,
 * and an edit set back to its old value no longer counts as a change.
 */
export interface SettingsEdits {
  /** The name field as typed; null while untouched. */
  name: string | null;
  /** The picked currency code; null while untouched. */
  currency: string | null;
  /** Default shares by memberId, only for the rows that were changed. */
  shares: Readonly<Record<string, number>>;
  /** The picked IANA time zone (issue 28); null or absent while untouched. */
  timeZone?: string | null;
}

export const NO_EDITS: SettingsEdits = { name: null, currency: null, shares: {} };

type SettingsGroup = Pick<Group, 'id' | 'name' | 'currency' | 'users'> & { timeZone?: string };

/** A new group's time zone (the database default): where most groups live. */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/** The IANA zones the select offers (the runtime's list), with `current` in it even when the list lacks it. */
export function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The members the settings screen lists: everyone but removed seats (spec §2). */
export function activeMembers<T extends Pick<GroupMember, 'membershipStatus'>>(users: readonly T[]): T[] {
  return users.filter((u) => u.membershipStatus !== 'REMOVED');
}

/** Settings member order (spec §2): current user first, then admins, then by name in the interface language. */
export function orderedMembers<
  T extends Pick<GroupMember, 'membershipStatus' | 'isCurrentUser' | 'isAdmin' | 'name'>,
>(users: readonly T[], locale: string): T[] {
  return sortMembers(activeMembers(users), locale);
}

/** The signed-in user's seat: the isCurrentUser flag, or the account id (spec §3). */
export function findMe<T extends Pick<GroupMember, 'id' | 'isCurrentUser'>>(
  users: readonly T[],
  userId: string | undefined,
): T | undefined {
  return users.find((u) => u.isCurrentUser || (userId !== undefined && u.id !== null && u.id === userId));
}

/** The name a save would send: trimmed; null when blank (a blank name is ignored, spec §4). */
export function nameToSave(text: string): string | null {
  const name = text.trim();
  return name === '' ? null : name;
}

/** The values the form shows: each edit, or the server's value where untouched. */
export function formValues(group: SettingsGroup, edits: SettingsEdits) {
  return {
    name: edits.name ?? group.name,
    currency: edits.currency ?? group.currency,
    timeZone: edits.timeZone ?? group.timeZone ?? DEFAULT_TIME_ZONE,
    shareOf: (memberId: string) => edits.shares[memberId] ?? shareOnServer(group, memberId),
  };
}

function shareOnServer(group: SettingsGroup, memberId: string): number {
  return group.users.find((u) => u.memberId === memberId)?.share ?? 0;
}

/** Shares edited to another value than the server's, for members still in the group. */
function changedShares(group: SettingsGroup, edits: SettingsEdits) {
  return activeMembers(group.users).filter(
    (u) => edits.shares[u.memberId] !== undefined && edits.shares[u.memberId] !== u.share,
  );
}

/**
 * Unchanged or dirty (spec §4): dirty after a name, currency or share edit that differs from the
 * group. A name edited to blank, or to the same name with spaces around it, is no change, since
 * saving would keep the old name.
 */
export function isDirty(group: SettingsGroup, edits: SettingsEdits): boolean {
  const name = edits.name === null ? null : nameToSave(edits.name);
  if (name !== null && name !== group.name) return true;
  if (edits.currency !== null && edits.currency !== group.currency) return true;
  if (edits.timeZone && edits.timeZone !== group.timeZone) return true;
  return changedShares(group, edits).length > 0;
}

/** One groups.update call with the name (trimmed; left out when blank), the currency and every share. */
export function buildUpdate(group: SettingsGroup, edits: SettingsEdits): UpdateGroupInput {
  const values = formValues(group, edits);
  const name = nameToSave(values.name);
  return {
    groupId: group.id,
    ...(name === null ? {} : { name }),
    currency: values.currency,
    ...(edits.timeZone && edits.timeZone !== group.timeZone ? { timeZone: edits.timeZone } : {}),
    users: activeMembers(group.users).map((u) => ({
      memberId: u.memberId,
      share: values.shareOf(u.memberId),
    })),
  };
}

/** Sets one member's share; an integer, never below 0 (spec §5). */
export function withShare(edits: SettingsEdits, memberId: string, share: number): SettingsEdits {
  const value = Number.isFinite(share) ? Math.max(0, Math.trunc(share)) : 0;
  return { ...edits, shares: { ...edits.shares, [memberId]: value } };
}

/** What a row's actions menu offers (spec §2, §6). */
export interface RowActions {
  /** A seat without an account: its name is the group's to keep (issue 27); an account names itself. */
  rename: boolean;
  makeAdmin: boolean;
  revokeAdmin: boolean;
  remove: boolean;
}

type ActionMember = Pick<GroupMember, 'isAdmin' | 'isCurrentUser' | 'username' | 'id'> & {
  memberId?: string;
};

/**
 * Admins only: rename a seat without an account (members.rename refuses one with an account: its
 * holder sets their own name), make admin for a non-admin other member with an account (username), revoke admin
 * for an admin (oneself included) while another active admin remains (the server refuses the last
 * one, LAST_ADMIN, so it is not offered), remove for anyone but oneself. A non-admin gets none.
 * `activeAdmins`: the memberIds of the group's ACTIVE admins; left out, revoking is offered.
 */
export function rowActions(
  member: ActionMember,
  viewerIsAdmin: boolean,
  activeAdmins?: readonly string[],
): RowActions {
  const anotherAdmin = activeAdmins ? activeAdmins.some((id) => id !== member.memberId) : true;
  if (!viewerIsAdmin) return { rename: false, makeAdmin: false, revokeAdmin: false, remove: false };
  return {
    rename: member.id === null,
    makeAdmin: !member.isAdmin && !member.isCurrentUser && !!member.username,
    revokeAdmin: member.isAdmin && anotherAdmin,
    remove: !member.isCurrentUser,
  };
}

export function hasAnyAction(actions: RowActions): boolean {
  return actions.rename || actions.makeAdmin || actions.revokeAdmin || actions.remove;
}

export type MemberAction = 'rename' | 'makeAdmin' | 'revokeAdmin' | 'remove';

/**
 * The friend state of a settings row: others with a username can be added to friends, or are
 * already friends; oneself and seats without an account offer neither (spec §2).
 */
export function friendAction(
  member: { username?: string | null; isCurrentUser?: boolean },
  friends: readonly { username: string | null }[],
): 'add' | 'already' | null {
  if (member.isCurrentUser || !member.username) return null;
  return isFriend(member.username, friends) ? 'already' : 'add';
}
