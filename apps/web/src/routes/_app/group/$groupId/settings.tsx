import { createFileRoute } from '@tanstack/react-router';
import { GroupFriends } from '../../../../features/friends/GroupFriends';
import { InviteLinkSection } from '../../../../features/invites/InviteLinkSection';
import { ReminderSettings } from '../../../../features/reminders/ReminderSettings';
import { SettingsPage } from '../../../../features/settings/SettingsPage';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_app/group/$groupId/settings')({
  // Its texts, with its code: settings, members' friends, the invite link, reminders (src/i18n).
  loader: () => i18n.loadNamespaces(['settings', 'friends', 'invites', 'reminders']),
  component: Settings,
});

function Settings() {
  const { groupId } = Route.useParams();
  return (
    <SettingsPage
      groupId={groupId}
      inviteLink={<InviteLinkSection groupId={groupId} />}
      addFromFriends={(members) => <GroupFriends groupId={groupId} members={members} />}
      reminders={<ReminderSettings groupId={groupId} />}
    />
  );
}
