import { createFileRoute } from '@tanstack/react-router';
import { GroupStats } from '../../../../features/group/GroupStats';
import { StatsSections } from '../../../../features/stats/StatsSections';
import { i18n } from '../../../../i18n';
import { isGroupId } from '../../../../lib/group-id';

export const Route = createFileRoute('/_app/group/$groupId/stats')({
  // The group and its balances are asked for with the screen's code (the charts' library is big),
  // so the charts, which ask for the spending, render with the page. A failure is the screen's.
  loader: async ({ context, params: { groupId } }) => {
    // Its texts, with its code: the statistics' are not among the group page's (src/i18n).
    const texts = i18n.loadNamespaces(['stats', 'group']);
    // Offline they would wait for the connection: the screen shows what was kept instead.
    if (!isGroupId(groupId) || !navigator.onLine) return texts;
    const { queryClient, trpc } = await context.data();
    await Promise.allSettled([
      texts,
      queryClient.ensureQueryData(trpc.groups.get.queryOptions({ groupId })),
      queryClient.ensureQueryData(trpc.balances.get.queryOptions({ groupId })),
    ]);
  },
  component: GroupStatsPage,
});

function GroupStatsPage() {
  const { groupId } = Route.useParams();
  return (
    <GroupStats
      groupId={groupId}
      charts={(balances, me) => <StatsSections groupId={groupId} balances={balances} me={me} />}
    />
  );
}
