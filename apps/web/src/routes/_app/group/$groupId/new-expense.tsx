import { createFileRoute } from '@tanstack/react-router';
import { NewExpensePage } from '../../../../features/expense/NewExpensePage';
import { newExpenseSearch } from '../../../../features/expense/search';

/** A new expense; `?draft=<id>` prefills it from a bot draft. */
export const Route = createFileRoute('/_app/group/$groupId/new-expense')({
  validateSearch: newExpenseSearch,
  component: NewExpense,
});

function NewExpense() {
  const { groupId } = Route.useParams();
  const { draft } = Route.useSearch();
  return <NewExpensePage groupId={groupId} draftId={draft} />;
}
