import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import './auth.css';

/**
 * The frame of the sign-in pages: the language switch on top and a centred column below, where a
 * page puts its card (`auth-card`) and the link under it (`auth-about`). /login and, composed by
 * its route, /telegram-login.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-topbar">
        <LanguageSwitch />
      </div>
      <main className="auth-main">{children}</main>
    </div>
  );
}
