import { createFileRoute } from '@tanstack/react-router';
import { GroupLogs } from '../../../../features/group/GroupLogs';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_app/group/$groupId/logs')({
  // Its texts, with its code: the log's lines are not among the group page's (src/i18n).
  loader: () => i18n.loadNamespaces(['log', 'group']),
  component: GroupLogsPage,
});

function GroupLogsPage() {
  const { groupId } = Route.useParams();
  return <GroupLogs groupId={groupId} />;
}
