import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { i18n } from '../i18n';
import { takeRedirect } from '../lib/redirect';
import { loadSession } from '../lib/session';
import { Spinner } from '../ui/Spinner';
import { LoginMethods } from './-login-methods';

interface LoginSearch {
  redirect?: string;
}

/** Sign-in; a signed-in visitor is sent on to where they wanted to go (spec §2). */
export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  loaderDeps: ({ search }) => ({ redirect: search.redirect }),
  // In the loader, so the page's code and texts are fetched while the session is asked.
  loader: async ({ deps, preload }) => {
    const texts = i18n.loadNamespaces('auth');
    if (preload) return texts;
    // A failed session check (offline, server down) just shows the form.
    const user = await loadSession().catch(() => null);
    if (user) throw redirect({ href: takeRedirect(deps.redirect), replace: true });
    return texts;
  },
  pendingComponent: () => <Spinner full />,
  component: Login,
});

function Login() {
  const { redirect } = Route.useSearch();
  // No react-query here: the sign-in page calls the API through lib/api-call (issue 14).
  return <LoginPage redirect={redirect} methods={<LoginMethods redirect={redirect} />} />;
}
