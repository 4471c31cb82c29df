import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/new')({ component: () => <div>NewGroup</div> });
