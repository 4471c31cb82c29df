import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/group/$groupId/new-expense')({
  component: () => <div>NewExpense</div>,
});
