import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../features/invites/InvitePage';
import { DataProvider } from '../lib/data-layer';

/** Public invite preview (spec §2): guests may look; joining needs a session. */
export const Route = createFileRoute('/invite/$inviteToken')({ component: Invite });

function Invite() {
  const { inviteToken } = Route.useParams();
  return (
    <DataProvider>
      <InvitePage token={inviteToken} />
    </DataProvider>
  );
}
