import { createFileRoute } from '@tanstack/react-router';
import { GroupStats } from '../../../../features/group/GroupStats';

export const Route = createFileRoute('/_app/group/$groupId/stats')({ component: GroupStatsPage });

function GroupStatsPage() {
  const { groupId } = Route.useParams();
  return <GroupStats groupId={groupId} />;
}
