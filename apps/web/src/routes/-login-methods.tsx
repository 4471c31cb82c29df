import { OAuthLogin } from '../features/oauth/OAuthLogin';
import { PasskeyLogin } from '../features/passkey/PasskeyLogin';
import { TelegramLoginSection } from '../features/telegram/TelegramLoginSection';

/**
 * The sign-in page's other ways in, above its email tabs: Telegram, OAuth, passkey. Not a route
 * (the leading dash): /login and its prerendered copy (src/static/prerender.tsx) both use it.
 */
export function LoginMethods({ redirect }: { redirect?: string | undefined }) {
  return (
    <>
      <TelegramLoginSection redirect={redirect} />
      <OAuthLogin redirect={redirect} />
      <PasskeyLogin redirect={redirect} />
    </>
  );
}
