import './members-list.css';

/** Long names (over 30 characters) change the row layout (spec §2, §9). */
const LONG_NAME = 30;

/** The class of a member's row in the new-group and settings lists: a long name gets its own layout. */
export function memberRowClass(name: string): string {
  return Array.from(name).length > LONG_NAME ? 'member-row member-row-long' : 'member-row';
}
