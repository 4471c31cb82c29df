import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/LandingPage';
import { i18n } from '../i18n';

export const Route = createFileRoute('/features')({
  loader: () => i18n.loadNamespaces('landing'),
  component: LandingPage,
});
