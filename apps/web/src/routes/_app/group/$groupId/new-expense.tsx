import { createFileRoute } from '@tanstack/react-router';
import { AiEntryButton } from '../../../../features/bot/AiEntryDialog';
import { NewExpensePage } from '../../../../features/expense/NewExpensePage';
import { newExpenseSearch } from '../../../../features/expense/search';
import { i18n } from '../../../../i18n';

/** A new expense; `?draft=<id>` prefills it from a bot draft. */
export const Route = createFileRoute('/_app/group/$groupId/new-expense')({
  validateSearch: newExpenseSearch,
  // The form's texts and the bot's (the AI entry), the currency list's, with its code (src/i18n).
  loader: () => i18n.loadNamespaces(['expense', 'telegram', 'groups']),
  component: NewExpense,
});

function NewExpense() {
  const { groupId } = Route.useParams();
  const { draft, fix } = Route.useSearch();
  return <NewExpensePage groupId={groupId} draftId={draft} fixKey={fix} aiEntry={<AiEntryButton />} />;
}
