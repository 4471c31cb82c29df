import { createFileRoute } from '@tanstack/react-router';
import { NewGroupPage } from '../../features/groups/NewGroupPage';

export const Route = createFileRoute('/_app/new')({ component: NewGroupPage });
