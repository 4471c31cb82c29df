import { createFileRoute } from '@tanstack/react-router';
import { GroupDetail } from '../../../../features/group/GroupDetail';

export const Route = createFileRoute('/_app/group/$groupId/')({ component: GroupDetailPage });

function GroupDetailPage() {
  const { groupId } = Route.useParams();
  return <GroupDetail groupId={groupId} />;
}
