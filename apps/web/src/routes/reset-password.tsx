import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { i18n } from '../i18n';

/** A forgotten password: ask for a link by mail, or (with the link's #token) choose a new one. */
export const Route = createFileRoute('/reset-password')({
  loader: () => i18n.loadNamespaces('auth'),
  component: ResetPasswordPage,
});
