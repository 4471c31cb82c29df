import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { afterExpenseDeleted } from '../../lib/expense-cache';
import { type DeletedExpense, queueWrite } from '../../lib/outbox';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/**
 * The list's "delete this expense?" question and the deletion. Its own file, loaded after the
 * group page's first screen (ExpenseList): nothing of it is needed before a delete button is pressed.
 */
export function DeleteExpenseDialog({
  groupId,
  expense,
  onClose,
}: {
  groupId: string;
  /** The expense asked about, with the title the list shows; null while closed. */
  expense: ({ id: string; title: string } & DeletedExpense) | null;
  onClose(): void;
}) {
  const { t } = useTranslation('group');
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.expenses.delete.mutationOptions());

  function confirmDelete() {
    if (!expense) return;
    if (!navigator.onLine) {
      // Offline it is queued, shown above the list as waiting, and sent when the connection is
      // back (lib/outbox.ts), as an expense added or changed offline is.
      const { id, name, settlement, amountCents } = expense;
      queueWrite(queryClient, {
        kind: 'delete',
        input: { groupId, expenseId: id },
        draft: { name, settlement, amountCents },
      });
      toast.info(t('queuedDeleteToast', { ns: 'offline' }));
      onClose();
      return;
    }
    remove.mutate(
      { groupId, expenseId: expense.id },
      {
        onSuccess: (_data, { expenseId }) => {
          toast.success(t('expenseDeleted'));
          void afterExpenseDeleted(queryClient, groupId, expenseId);
          onClose();
        },
        onError: () => {
          toast.error(t('expenseDeleteFailed'));
          onClose();
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={expense !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={t('deleteTitle')}
      description={expense ? t('deleteText', { name: expense.title }) : undefined}
      confirmLabel={t('deleteConfirm')}
      danger
      busy={remove.isPending}
      onConfirm={confirmDelete}
    />
  );
}
