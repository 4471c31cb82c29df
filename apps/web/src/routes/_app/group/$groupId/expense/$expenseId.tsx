import { createFileRoute } from '@tanstack/react-router';
import { EditExpensePage } from '../../../../../features/expense/EditExpensePage';
import { i18n } from '../../../../../i18n';

export const Route = createFileRoute('/_app/group/$groupId/expense/$expenseId')({
  // The form's texts and the currency list's, with its code (src/i18n).
  loader: () => i18n.loadNamespaces(['expense', 'groups']),
  component: EditExpensePage,
});
