import { createFileRoute } from '@tanstack/react-router';
import { GroupLogs } from '../../../../features/group/GroupLogs';

export const Route = createFileRoute('/_app/group/$groupId/logs')({ component: GroupLogsPage });

function GroupLogsPage() {
  const { groupId } = Route.useParams();
  return <GroupLogs groupId={groupId} />;
}
