import { createFileRoute } from '@tanstack/react-router';
import { SettingsStubPage } from '../../../../features/groups/SettingsStubPage';

export const Route = createFileRoute('/_app/group/$groupId/settings')({ component: Settings });

function Settings() {
  const { groupId } = Route.useParams();
  return <SettingsStubPage groupId={groupId} />;
}
