import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/group/$groupId/logs')({ component: () => <div>Logs</div> });
