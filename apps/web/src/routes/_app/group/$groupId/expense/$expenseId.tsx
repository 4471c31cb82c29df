import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/group/$groupId/expense/$expenseId')({
  component: () => <div>EditExpense</div>,
});
