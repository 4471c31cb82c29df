import type { RouterInputs } from '../../lib/api-types';

export type ExpenseFilter = NonNullable<RouterInputs['expenses']['list']['filter']>;

/** What the group page's search holds, as typed and chosen; '' is "any". */
export interface SearchState {
  text: string;
  memberId: string;
  categoryId: string;
  /** "YYYY-MM-DD" from the date inputs. */
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_SEARCH: SearchState = { text: '', memberId: '', categoryId: '', dateFrom: '', dateTo: '' };

/** How many of the filters besides the text are set (the filters button shows it). */
export function activeFilters(state: SearchState): number {
  return [state.memberId, state.categoryId, state.dateFrom, state.dateTo].filter(Boolean).length;
}

/**
 * The API's filter for the search, or undefined when nothing is asked (the plain list, whose
 * cache the page shares). Days are the viewer's: their time zone goes along with a date. A range
 * typed backwards is read the right way round.
 */
export function toApiFilter(state: SearchState, timeZone: string): ExpenseFilter | undefined {
  const filter: ExpenseFilter = {};
  const text = state.text.trim().slice(0, 100);
  if (text) filter.text = text;
  if (state.memberId) filter.memberId = state.memberId;
  if (state.categoryId) filter.categoryId = state.categoryId;
  let [from, to] = [state.dateFrom, state.dateTo];
  if (from && to && from > to) [from, to] = [to, from];
  if (from) filter.dateFrom = from;
  if (to) filter.dateTo = to;
  if (from || to) filter.timeZone = timeZone;
  return Object.keys(filter).length > 0 ? filter : undefined;
}

/** The viewer's time zone, as the runtime knows it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
