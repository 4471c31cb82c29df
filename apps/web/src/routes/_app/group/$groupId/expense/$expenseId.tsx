import { createFileRoute } from '@tanstack/react-router';
import { EditExpensePage } from '../../../../../features/expense/EditExpensePage';

export const Route = createFileRoute('/_app/group/$groupId/expense/$expenseId')({
  component: EditExpensePage,
});
