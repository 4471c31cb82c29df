import type { Mutation, QueryClient } from '@tanstack/react-query';
import { errorCode, isClientError } from './api-error';
import type { RouterInputs } from './api-types';
import { afterExpenseDeleted, afterExpenseSaved } from './expense-cache';
import { trpcClient } from './trpc';

/**
 * Expenses and settlements saved or deleted while offline (issue 27): each is a react-query mutation under
 * the key ['outbox'], paused until the browser is online (react-query's network mode) and kept in
 * IndexedDB meanwhile (lib/offline.ts persists them with the cache), so a reload or a closed tab
 * loses nothing. When the connection is back they are sent; a create carries its idempotency key,
 * so a retried send is saved once. One the server refuses stays, with its error, until the person
 * fixes it (the form opens with what they typed) or discards it.
 */
export type QueuedWrite<Draft = unknown> =
  | { kind: 'create'; input: RouterInputs['expenses']['create']; draft: Draft }
  | { kind: 'update'; input: RouterInputs['expenses']['update']; draft: Draft }
  | { kind: 'delete'; input: RouterInputs['expenses']['delete']; draft: DeletedExpense };

/** What the list shows of an expense whose deletion waits: its name, or that it is a payment, and amount. */
export interface DeletedExpense {
  name: string;
  settlement: boolean;
  amountCents: number;
}

export const OUTBOX_KEY = ['outbox'] as const;

/** The queued write of a mutation of the outbox. */
export const writeOf = (mutation: Pick<Mutation, 'state'>) =>
  mutation.state.variables as QueuedWrite | undefined;

/** How queued writes are sent: set once per client, before any is made or restored. */
export function setOutboxDefaults(queryClient: QueryClient) {
  queryClient.setMutationDefaults(OUTBOX_KEY, {
    mutationFn: async (write: QueuedWrite): Promise<unknown> =>
      write.kind === 'create'
        ? trpcClient.expenses.create.mutate(write.input)
        : write.kind === 'update'
          ? trpcClient.expenses.update.mutate(write.input)
          : deleteOnce(write.input),
    // Kept until sent or discarded (the default drops an unwatched one after 5 minutes).
    gcTime: Number.POSITIVE_INFINITY,
    // No answer (the connection dropped on the way): again, as often as it takes; an answer of the
    // server's own error a few times; a refusal (4xx) is final and shown.
    retry: (count, error) => !isClientError(error) && (errorCode(error) === undefined || count < 3),
    // The row stays "waiting" until the list that shows the saved one is in.
    onSuccess: (_data, write) => refresh(queryClient, write),
    // Refused: what someone else changed meanwhile is fetched, for the person to fix it against.
    onError: (_error, write) => refresh(queryClient, write),
  });
}

/**
 * A deletion sent again after its answer was lost finds the expense gone: that is the deletion
 * done, not a refusal (nor is one someone else made meanwhile).
 */
async function deleteOnce(input: RouterInputs['expenses']['delete']) {
  try {
    return await trpcClient.expenses.delete.mutate(input);
  } catch (error) {
    if (errorCode(error) === 'EXPENSE_NOT_FOUND') return null;
    throw error;
  }
}

const refresh = (queryClient: QueryClient, write: QueuedWrite) =>
  write.kind === 'delete'
    ? afterExpenseDeleted(queryClient, write.input.groupId, write.input.expenseId)
    : afterExpenseSaved(
        queryClient,
        write.input.groupId,
        write.kind === 'update' ? write.input.expenseId : undefined,
      );

/** Queues a write: it is sent now if the browser is online, else when it is. */
export function queueWrite<Draft>(queryClient: QueryClient, write: QueuedWrite<Draft>) {
  setOutboxDefaults(queryClient);
  void queryClient
    .getMutationCache()
    .build(queryClient, { mutationKey: OUTBOX_KEY })
    .execute(write)
    .catch(() => undefined);
}

/** The outbox's mutations (not yet sent, or refused), optionally of one group. */
export function queuedMutations(queryClient: QueryClient, groupId?: string) {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: OUTBOX_KEY })
    .filter((m) => m.state.status !== 'success' && (!groupId || writeOf(m)?.input.groupId === groupId));
}

/** Drops a queued write: it will not be sent. */
export function discardWrite(queryClient: QueryClient, mutationId: number) {
  const mutation = queryClient
    .getMutationCache()
    .getAll()
    .find((m) => m.mutationId === mutationId);
  if (mutation) queryClient.getMutationCache().remove(mutation);
}

/** The refused write of this expense (an update) or with this idempotency key (a create). */
export function refusedWrite(queryClient: QueryClient, match: { expenseId?: string; key?: string }) {
  return queuedMutations(queryClient).find((m) => {
    const write = writeOf(m);
    if (m.state.status !== 'error' || !write) return false;
    if (write.kind === 'delete') return false;
    return write.kind === 'update'
      ? write.input.expenseId === match.expenseId
      : !!match.key && write.input.idempotencyKey === match.key;
  });
}

/** Which words say why the server refused a queued write (the `offline` texts' reason*). */
export function refusalReason(error: unknown) {
  const code = errorCode(error);
  if (code === 'CONFLICT' || code === 'EXPENSE_NOT_FOUND') return 'reasonConflict' as const;
  if (code === 'INVALID_MEMBER') return 'reasonMember' as const;
  if (code === 'FORBIDDEN' || code === 'GROUP_NOT_FOUND' || code === 'UNAUTHORIZED')
    return 'reasonAccess' as const;
  if (isClientError(error)) return 'reasonInvalid' as const;
  return 'reasonOther' as const;
}
