import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../../../features/settings/SettingsPage';

export const Route = createFileRoute('/_app/group/$groupId/settings')({ component: Settings });

function Settings() {
  const { groupId } = Route.useParams();
  return <SettingsPage groupId={groupId} />;
}
