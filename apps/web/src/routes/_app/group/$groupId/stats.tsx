import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/group/$groupId/stats')({ component: () => <div>Stats</div> });
