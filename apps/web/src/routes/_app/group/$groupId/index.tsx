import { createFileRoute } from '@tanstack/react-router';
import { GroupDetail } from '../../../../features/group/GroupDetail';
import { isGroupId } from '../../../../lib/group-id';

export const Route = createFileRoute('/_app/group/$groupId/')({
  // The group and its balances are asked for with the screen's code (and on hover, by the links'
  // preload), not after it renders. A failure is the screen's to show: its queries retry.
  loader: async ({ context, params: { groupId } }) => {
    // Offline they would wait for the connection: the screen shows what was kept instead.
    if (!isGroupId(groupId) || !navigator.onLine) return;
    const { queryClient, trpc } = await context.data();
    await Promise.allSettled([
      queryClient.ensureQueryData(trpc.groups.get.queryOptions({ groupId })),
      queryClient.ensureQueryData(trpc.balances.get.queryOptions({ groupId })),
    ]);
  },
  component: GroupDetailPage,
});

function GroupDetailPage() {
  const { groupId } = Route.useParams();
  return <GroupDetail groupId={groupId} />;
}
