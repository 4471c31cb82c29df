import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { GroupDetail } from '../../../../features/group/GroupDetail';
import { isGroupId } from '../../../../lib/group-id';

// Remind (issue 28) comes after the first screen, with its own texts.
const RemindButton = lazy(() => import('../../../../features/reminders/RemindButton'));

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
  // `?settle=<debtor>.<creditor>`: the bot's reminder opens the settle-up form on that debt.
  const [from, to] = String((Route.useSearch() as { settle?: unknown }).settle).split('.');
  return (
    <GroupDetail
      groupId={groupId}
      settle={to ? { from: from!, to } : undefined}
      lineAction={(line) => <RemindButton groupId={groupId} {...line} />}
    />
  );
}
