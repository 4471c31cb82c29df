import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/group/$groupId/')({ component: () => <div>GroupDetail</div> });
