import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../features/invites/InvitePage';
import { i18n } from '../i18n';
import { DataProvider } from '../lib/data-layer';

/** Public invite preview (spec §2): guests may look; joining needs a session. */
export const Route = createFileRoute('/invite/$inviteToken')({
  loader: () => i18n.loadNamespaces('invites'),
  component: Invite,
});

function Invite() {
  const { inviteToken } = Route.useParams();
  return (
    <DataProvider>
      <InvitePage token={inviteToken} />
    </DataProvider>
  );
}
