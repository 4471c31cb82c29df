import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/group/$groupId/settings')({
  component: () => <div>Settings</div>,
});
