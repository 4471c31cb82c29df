import * as Menu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, SUPPORT_URL } from '../../lib/languages';
import { type SessionUser, setSessionUser } from '../../lib/session';
import { isTelegramMiniApp } from '../../lib/telegram/miniapp';
import { setTheme, type Theme, useTheme } from '../../lib/theme';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ExternalIcon, MoonIcon, SignOutIcon, SunIcon, SupportIcon, UserIcon } from '../../ui/icons';
import { type Handoff, useHandoff } from '../../ui/StandIn';
import { Avatar } from '../../ui/UserAvatar';

/** Toggles keep the menu open, so the change is seen at once. */
const stayOpen = (event: Event) => event.preventDefault();

/**
 * The avatar button in the header and its menu (spec §2, shared layout): Radix's dropdown menu,
 * fetched after the first screen (UserMenu).
 */
export default function UserMenuPanel({ user, handoff }: { user: SessionUser; handoff: Handoff }) {
  const { t, i18n } = useTranslation();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useHandoff(handoff, trigger);
  const theme = useTheme();
  const router = useRouter();
  const queryClient = useQueryClient();
  const logout = useMutation(trpc.auth.logout.mutationOptions());

  async function signOut() {
    try {
      await logout.mutateAsync();
    } catch {
      toast.error(t('genericError'));
      return;
    }
    // The signed-in layout drops its screens first (no screen runs without a user), then the cache goes.
    setSessionUser(null);
    await router.navigate({ to: '/login' });
    queryClient.clear();
    // What was kept for offline (lib/offline.ts) goes too: nothing of the account stays.
    void import('../../lib/offline').then((m) => m.dropOfflineData());
    setSessionUser(null);
    toast.success(t('signedOut'));
  }

  return (
    // Not modal: a modal menu hides the header and the page (aria-hidden) while they hold
    // focusable elements; the menu still closes on Escape and on a click outside.
    <Menu.Root modal={false} open={open} onOpenChange={setOpen}>
      <Menu.Trigger ref={trigger} className="avatar-btn" aria-label={t('userMenu')}>
        <Avatar name={user.name} className="header-avatar" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu user-menu" align="end" sideOffset={6} collisionPadding={8}>
          <Menu.Label className="user-menu-head">
            <Avatar name={user.name} size="large" />
            <span className="user-menu-who">
              <span className="user-menu-name">{user.name}</span>
              {user.username ? <span className="user-menu-sub">@{user.username}</span> : null}
            </span>
          </Menu.Label>
          <Menu.Separator className="menu-separator" />
          <Menu.Item asChild className="menu-item">
            <Link to="/account">
              <UserIcon />
              {t('account')}
            </Link>
          </Menu.Item>
          <Menu.Separator className="menu-separator" />

          <div className="menu-settings">
            <span className="menu-setting-label" aria-hidden="true">
              {t('language')}
            </span>
            <Menu.RadioGroup
              className="menu-segmented"
              aria-label={t('language')}
              value={currentLanguage(i18n.language)}
              onValueChange={(value) => setLanguage(currentLanguage(value))}
            >
              {LANGUAGES.map((language) => (
                <Menu.RadioItem
                  key={language}
                  value={language}
                  lang={language}
                  className="menu-segment"
                  onSelect={stayOpen}
                >
                  {LANGUAGE_NAMES[language]}
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
            {/* Inside Telegram the app wears Telegram's colours: there is no theme of its own to pick. */}
            {isTelegramMiniApp() ? null : (
              <>
                <span className="menu-setting-label" aria-hidden="true">
                  {t('theme')}
                </span>
                <Menu.RadioGroup
                  className="menu-segmented"
                  aria-label={t('theme')}
                  value={theme}
                  onValueChange={(value) => setTheme(value as Theme)}
                >
                  <Menu.RadioItem value="light" className="menu-segment" onSelect={stayOpen}>
                    <SunIcon size={16} />
                    {t('themeLight')}
                  </Menu.RadioItem>
                  <Menu.RadioItem value="dark" className="menu-segment" onSelect={stayOpen}>
                    <MoonIcon size={16} />
                    {t('themeDark')}
                  </Menu.RadioItem>
                </Menu.RadioGroup>
              </>
            )}
          </div>

          <Menu.Separator className="menu-separator" />
          <Menu.Item asChild className="menu-item">
            <a href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
              <SupportIcon />
              {t('support')}
              <ExternalIcon size={14} className="menu-item-trail" />
            </a>
          </Menu.Item>
          <Menu.Item className="menu-item menu-item-danger" disabled={logout.isPending} onSelect={signOut}>
            <SignOutIcon />
            {t('signOut')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
