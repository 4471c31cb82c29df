import { Readable } from 'node:stream';
import { AppError, type ExpensePage, toAppError } from '@dolya/api';
import type { ExpenseFilter } from '@dolya/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from './caller';
import { presentListedExpense } from './presenter';

/** The largest page a client may ask for, and the page the whole list is read in. */
export const MAX_PAGE = 200;

interface ListQuery {
  /** Absent with the cursor too: the whole list, as the spec's clients expect. */
  limit: number | undefined;
  cursor: string | undefined;
  filter: ExpenseFilter | undefined;
  /** The search's parameters again, for the next page's link ("&q=..."), or ''. */
  search: string;
}

/** The search's query parameters and the filter fields they fill (checked by the procedure). */
export const FILTER_PARAMS = {
  q: 'text',
  member: 'memberId',
  category: 'categoryId',
  from: 'dateFrom',
  to: 'dateTo',
  tz: 'timeZone',
} as const satisfies Record<string, keyof ExpenseFilter>;
type FilterParam = keyof typeof FILTER_PARAMS;
const paramOfField = Object.fromEntries(
  Object.entries(FILTER_PARAMS).map(([param, field]) => [`filter.${field}`, param]),
) as Record<string, FilterParam>;

function filterOf(query: Record<string, unknown>): { filter: ExpenseFilter | undefined; search: string } {
  const filter: Record<string, string> = {};
  const search = new URLSearchParams();
  for (const [param, field] of Object.entries(FILTER_PARAMS)) {
    const value = query[param];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new AppError('VALIDATION_ERROR', `${param}: give it once`, param);
    filter[field] = value;
    search.set(param, value);
  }
  const text = search.toString();
  return { filter: text ? (filter as ExpenseFilter) : undefined, search: text ? `&${text}` : '' };
}

function listQuery(request: FastifyRequest): ListQuery {
  const { limit, cursor } = (request.query ?? {}) as Record<string, unknown>;
  if (limit !== undefined && (typeof limit !== 'string' || !/^\d{1,3}$/.test(limit))) {
    throw new AppError('VALIDATION_ERROR', `limit: a whole number from 1 to ${MAX_PAGE}`, 'limit');
  }
  const size = limit === undefined ? undefined : Number(limit);
  if (size !== undefined && (size < 1 || size > MAX_PAGE)) {
    throw new AppError('VALIDATION_ERROR', `limit: a whole number from 1 to ${MAX_PAGE}`, 'limit');
  }
  if (cursor !== undefined && typeof cursor !== 'string') {
    throw new AppError('VALIDATION_ERROR', 'cursor: give one cursor', 'cursor');
  }
  return { limit: size, cursor, ...filterOf((request.query ?? {}) as Record<string, unknown>) };
}

/** The procedure names a wrong filter field `filter.text`; here it is the query parameter `q`. */
function asQueryError(error: unknown): unknown {
  const known = toAppError(error);
  if (!known.field || !(known.field in paramOfField)) return error;
  const param = paramOfField[known.field]!;
  return new AppError(known.appCode, known.message.replace(known.field, param), param);
}

/**
 * GET /api/groups/{id}/expenses: the spec's array of expenses, newest first, rows without their
 * snapshot; with the search's parameters (FILTER_PARAMS) only the matching ones. With `limit` (1-200) and/or `cursor` it is one page, the next one linked from the
 * `Link: <...>; rel="next"` header; without either it is the whole list, read and streamed a page
 * at a time so a large group never sits in memory at once.
 */
export async function listExpensesRoute(
  caller: Caller,
  groupId: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  let query: ListQuery;
  try {
    query = listQuery(request);
  } catch (error) {
    // As for bodies: 401 signed out and 404 for a group the caller may not see come first.
    await caller.groups.get({ groupId });
    throw error;
  }
  const { limit, cursor, filter, search } = query;
  const page = (after: string | undefined, size: number) =>
    caller.expenses
      .list({ groupId, limit: size, cursor: after, withItems: true, withSplitInputs: true, filter })
      .catch(async (error: unknown) => {
        // The input is checked before the group: an outsider still gets the 404 first.
        if (toAppError(error).appCode === 'VALIDATION_ERROR') await caller.groups.get({ groupId });
        throw asQueryError(error);
      });

  if (limit === undefined && cursor === undefined) {
    // The first page is read before answering, so a refusal (401, 404) still gets its status.
    const first = await page(undefined, MAX_PAGE);
    return reply
      .type('application/json; charset=utf-8')
      .send(Readable.from(jsonArray(first, (after) => page(after, MAX_PAGE))));
  }
  const size = limit ?? 50;
  const { items, nextCursor } = await page(cursor, size);
  if (nextCursor) {
    const next = `/api/groups/${encodeURIComponent(groupId)}/expenses?limit=${size}&cursor=${encodeURIComponent(nextCursor)}${search}`;
    reply.header('link', `<${next}>; rel="next"`);
  }
  return items.map(presentListedExpense);
}

/** The pages as one JSON array, a page per chunk. */
async function* jsonArray(first: ExpensePage, next: (cursor: string) => Promise<ExpensePage>) {
  let page = first;
  let opened = false;
  for (;;) {
    if (page.items.length > 0) {
      const rows = page.items.map((item) => JSON.stringify(presentListedExpense(item))).join(',');
      yield opened ? `,${rows}` : `[${rows}`;
      opened = true;
    }
    if (!page.nextCursor) break;
    page = await next(page.nextCursor);
  }
  yield opened ? ']' : '[]';
}
