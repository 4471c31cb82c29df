import { createFileRoute } from '@tanstack/react-router';
import { GroupListPage } from '../../features/groups/GroupListPage';

export const Route = createFileRoute('/_app/')({ component: GroupListPage });
