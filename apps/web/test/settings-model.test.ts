import { describe, expect, it } from 'vitest';
import {
  buildUpdate,
  findMe,
  formValues,
  hasAnyAction,
  isDirty,
  NO_EDITS,
  nameToSave,
  orderedMembers,
  rowActions,
  withShare,
} from '../src/features/settings/model';
import type { GroupMember } from '../src/lib/api-types';

let seq = 0;
function member(name: string, over: Partial<GroupMember> = {}): GroupMember {
  seq += 1;
  return {
    id: null,
    memberId: `m-${seq}`,
    name,
    username: null,
    isAdmin: false,
    registered: false,
    membershipStatus: 'ACTIVE',
    share: 1,
    isCurrentUser: false,
    telegramUsername: null,
    ...over,
  };
}

const me = member('Demo', { id: 'u-me', username: 'demo', isAdmin: true, isCurrentUser: true });
const anya = member('Аня', { id: 'u-anya', username: 'anya' });
const borya = member('Боря', { share: 2 });
const group = { id: 'g-1', name: 'Trip', currency: 'RUB', users: [borya, anya, me] };

describe('settings form: unchanged → dirty → saved (spec §4)', () => {
  it('is unchanged without edits', () => {
    expect(isDirty(group, NO_EDITS)).toBe(false);
    expect(formValues(group, NO_EDITS)).toMatchObject({ name: 'Trip', currency: 'RUB' });
    expect(formValues(group, NO_EDITS).shareOf(borya.memberId)).toBe(2);
  });

  it('is dirty after a name, currency or share change', () => {
    expect(isDirty(group, { ...NO_EDITS, name: 'Trip 2' })).toBe(true);
    expect(isDirty(group, { ...NO_EDITS, currency: 'EUR' })).toBe(true);
    expect(isDirty(group, withShare(NO_EDITS, anya.memberId, 3))).toBe(true);
  });

  it('is unchanged again when an edit goes back to the saved value', () => {
    expect(isDirty(group, { ...NO_EDITS, currency: 'RUB' })).toBe(false);
    const up = withShare(NO_EDITS, anya.memberId, 2);
    expect(isDirty(group, withShare(up, anya.memberId, 1))).toBe(false);
  });

  it('does not count a blank name, or the same name with spaces around it, as a change', () => {
    expect(isDirty(group, { ...NO_EDITS, name: '   ' })).toBe(false);
    expect(isDirty(group, { ...NO_EDITS, name: '  Trip ' })).toBe(false);
    expect(isDirty(group, { ...NO_EDITS, name: '' })).toBe(false);
  });

  it('ignores edits of members no longer in the group', () => {
    const edits = withShare(NO_EDITS, 'm-gone', 5);
    expect(isDirty(group, edits)).toBe(false);
    expect(buildUpdate(group, edits).users).not.toContainEqual(
      expect.objectContaining({ memberId: 'm-gone' }),
    );
  });
});

describe('save payload', () => {
  it('sends the trimmed name, the currency and every member share in one update', () => {
    const edits = withShare({ ...NO_EDITS, name: '  Kazan  ', currency: 'EUR' }, anya.memberId, 4);
    expect(buildUpdate(group, edits)).toEqual({
      groupId: 'g-1',
      name: 'Kazan',
      currency: 'EUR',
      users: [
        { memberId: borya.memberId, share: 2 },
        { memberId: anya.memberId, share: 4 },
        { memberId: me.memberId, share: 1 },
      ],
    });
  });

  it('leaves a blank name out, so the old one stays', () => {
    const update = buildUpdate(group, withShare({ ...NO_EDITS, name: '  ' }, me.memberId, 0));
    expect(update).not.toHaveProperty('name');
    expect(update.currency).toBe('RUB');
    expect(update.users).toContainEqual({ memberId: me.memberId, share: 0 });
  });

  it('leaves removed seats out', () => {
    const removed = member('Gone', { membershipStatus: 'REMOVED' });
    const update = buildUpdate({ ...group, users: [...group.users, removed] }, NO_EDITS);
    expect(update.users?.map((u) => u.memberId)).not.toContain(removed.memberId);
  });

  it('trims names with nameToSave and turns blank into null', () => {
    expect(nameToSave('  a b ')).toBe('a b');
    expect(nameToSave(' \t ')).toBeNull();
  });
});

describe('default shares (spec §5)', () => {
  it('keeps shares integers and never below 0', () => {
    expect(withShare(NO_EDITS, 'm', -1).shares.m).toBe(0);
    expect(withShare(NO_EDITS, 'm', 2.7).shares.m).toBe(2);
    expect(withShare(NO_EDITS, 'm', Number.NaN).shares.m).toBe(0);
    expect(withShare(NO_EDITS, 'm', 1000).shares.m).toBe(1000);
  });
});

describe('member order (spec §2)', () => {
  it('puts the current user first, then admins, then the rest by name', () => {
    const zoe = member('Zoe', { isAdmin: true, username: 'zoe' });
    const ann = member('ann');
    const bob = member('Bob');
    const out = orderedMembers([bob, zoe, ann, me, member('Old', { membershipStatus: 'REMOVED' })], 'en-US');
    expect(out.map((m) => m.name)).toEqual(['Demo', 'Zoe', 'ann', 'Bob']);
  });

  it('sorts names in the language of the interface', () => {
    const out = orderedMembers([member('Яна'), member('Ёж'), member('Егор')], 'ru-RU');
    expect(out.map((m) => m.name)).toEqual(['Егор', 'Ёж', 'Яна']);
  });

  it('finds the current user by flag or by account id', () => {
    expect(findMe(group.users, undefined)).toBe(me);
    const other = { ...me, isCurrentUser: false };
    expect(findMe([anya, other], 'u-me')).toBe(other);
    expect(findMe([anya, borya], 'u-me')).toBeUndefined();
  });
});

describe('row actions (spec §2, §6)', () => {
  it('offers make admin only for other non-admin members with an account', () => {
    expect(rowActions(anya, true)).toEqual({
      rename: false,
      makeAdmin: true,
      revokeAdmin: false,
      remove: true,
    });
    expect(rowActions(borya, true)).toEqual({
      rename: true,
      makeAdmin: false,
      revokeAdmin: false,
      remove: true,
    });
    expect(rowActions({ ...anya, isAdmin: true }, true)).toEqual({
      rename: false,
      makeAdmin: false,
      revokeAdmin: true,
      remove: true,
    });
  });

  it('never offers removing oneself; an admin may revoke their own rights', () => {
    expect(rowActions(me, true)).toEqual({
      rename: false,
      makeAdmin: false,
      revokeAdmin: true,
      remove: false,
    });
  });

  it('does not offer the only admin "revoke admin" (the server would refuse: LAST_ADMIN)', () => {
    const mine = { ...me, memberId: 'm-me' };
    expect(rowActions(mine, true, ['m-me'])).toEqual({
      rename: false,
      makeAdmin: false,
      revokeAdmin: false,
      remove: false,
    });
    expect(rowActions(mine, true, ['m-me', 'm-anya']).revokeAdmin).toBe(true);
    // A pending admin seat may lose the rights while an active admin remains.
    expect(rowActions({ ...anya, isAdmin: true, memberId: 'm-anya' }, true, ['m-me']).revokeAdmin).toBe(true);
  });

  it('offers a non-admin nothing', () => {
    for (const m of [me, anya, borya, { ...anya, isAdmin: true }]) {
      const actions = rowActions(m, false);
      expect(actions).toEqual({ rename: false, makeAdmin: false, revokeAdmin: false, remove: false });
      expect(hasAnyAction(actions)).toBe(false);
    }
  });

  it('offers renaming a seat without an account, to admins only (issue 27)', () => {
    expect(rowActions(borya, true).rename).toBe(true);
    expect(rowActions({ ...borya, isAdmin: true }, true).rename).toBe(true);
    expect(rowActions(borya, false).rename).toBe(false);
    // An account names itself: its seat, pending or active, is not renamed by the group.
    expect(rowActions({ ...anya, isAdmin: false }, true).rename).toBe(false);
  });

  it('a non-admin seen by an admin always has some action', () => {
    expect(hasAnyAction(rowActions(borya, true))).toBe(true);
    expect(hasAnyAction(rowActions({ ...me, isAdmin: false }, true))).toBe(false);
  });
});
