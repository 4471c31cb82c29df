import { createFileRoute } from '@tanstack/react-router';
import { NewExpensePage } from '../../../../features/expense/NewExpensePage';

export const Route = createFileRoute('/_app/group/$groupId/new-expense')({
  component: NewExpensePage,
});
