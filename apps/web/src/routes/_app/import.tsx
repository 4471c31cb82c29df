import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '../../features/import/ImportPage';
import { i18n } from '../../i18n';

interface ImportSearch {
  /** Import into this group (its admins); absent: a new group. */
  groupId?: string;
}

export const Route = createFileRoute('/_app/import')({
  validateSearch: (search: Record<string, unknown>): ImportSearch =>
    typeof search.groupId === 'string' ? { groupId: search.groupId } : {},
  // Its own texts chunk, with its code (src/i18n).
  loader: () => i18n.loadNamespaces(['imports']),
  component: Import,
});

function Import() {
  const { groupId } = Route.useSearch();
  return <ImportPage {...(groupId ? { groupId } : {})} />;
}
