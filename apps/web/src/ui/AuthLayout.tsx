import type { ReactNode } from 'react';
import './AuthLayout.css';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * The frame of the sign-in pages: the language switch on top and a centred column below, where a
 * page puts its card (`auth-card`) and the link under it (`auth-about`): /login (features/auth)
 * and /telegram-login (features/telegram, composed by its route).
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
