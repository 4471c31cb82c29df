import type { ImportPerson } from '@dolya/interchange';
import { AppError } from '../../errors';
import type { MemberRow } from '../access';
import { type ImportGroupInput, ME } from './input';
import { sameName } from './read';

/** Where a person of the file lands: an existing seat's id, the caller's seat ("me"), or a new seat. */
export type PersonTarget = { seat: string } | { new: true };

/**
 * Each person's seat from the member map (by key, else by name): a usable seat of the group, "me"
 * (`mySeat`; in a new group the caller's seat), or null/absent for a new seat. A seat named twice
 * is refused: two people of the file cannot be one member.
 */
export function mapPeople(
  people: readonly ImportPerson[],
  memberMap: ImportGroupInput['memberMap'],
  seats: readonly MemberRow[],
  mySeat: string,
): Map<string, PersonTarget> {
  const usable = new Set(seats.filter((s) => s.status !== 'REMOVED').map((s) => s.id));
  const taken = new Set<string>();
  const targets = new Map<string, PersonTarget>();
  for (const person of people) {
    const wanted = memberMap?.[person.key] ?? memberMap?.[person.name] ?? null;
    if (wanted === null || wanted === '' || wanted === 'new') {
      targets.set(person.key, { new: true });
      continue;
    }
    const seat = wanted === ME ? mySeat : wanted;
    const field = `memberMap.${person.key}`;
    if (!usable.has(seat))
      throw new AppError('INVALID_MEMBER', `${field}: not a member of this group`, field);
    if (taken.has(seat)) {
      throw new AppError('VALIDATION_ERROR', `${field}: two people of the file cannot be one member`, field);
    }
    taken.add(seat);
    targets.set(person.key, { seat });
  }
  return targets;
}

/**
 * The preview's suggestion per person: the seat of the same name, else "me" for the caller's own
 * name, else null (a new seat); each seat suggested once.
 */
export function suggestMapping(
  people: readonly ImportPerson[],
  seats: readonly Pick<MemberRow, 'id' | 'name' | 'status'>[],
  me: { seatId: string | null; names: readonly string[] },
): Map<string, string | null> {
  const used = new Set<string>();
  const suggested = new Map<string, string | null>();
  for (const person of people) {
    const seat = seats.find(
      (s) => s.status !== 'REMOVED' && !used.has(s.id) && sameName(s.name, person.name),
    );
    const mine = !seat && !used.has(ME) && me.names.some((name) => name && sameName(name, person.name));
    const target = seat ? seat.id : mine ? (me.seatId ?? ME) : null;
    if (target) used.add(target === me.seatId ? ME : target);
    if (seat && seat.id === me.seatId) used.add(ME);
    suggested.set(person.key, target);
  }
  return suggested;
}
