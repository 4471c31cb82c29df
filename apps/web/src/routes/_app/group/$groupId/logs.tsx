import { createFileRoute } from '@tanstack/react-router';
import { GroupLogs } from '../../../../features/group/GroupLogs';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_app/group/$groupId/logs')({
  // The log's texts are a chunk of their own, off the group page's first screen (src/i18n).
  loader: () => i18n.loadNamespaces(['logs']),
  component: GroupLogsPage,
});

function GroupLogsPage() {
  const { groupId } = Route.useParams();
  return <GroupLogs groupId={groupId} />;
}
