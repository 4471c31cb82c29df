import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../lib/api-types';
import { isTelegramMiniApp, openInBrowser } from '../../lib/telegram/miniapp';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { AccountRow } from '../../ui/AccountRow';
import { BotLink } from '../../ui/BotLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { HelpTip } from '../../ui/HelpTip';
import { Spinner } from '../../ui/Spinner';
import { type IdentityProvider, oauthLinkUrl, TELEGRAM_LINK_URL, unlinkFailure } from './model';
import { PasswordRow } from './PasswordRow';
import './account.css';

type Identity = RouterOutputs['identities']['list'][number];

const PROVIDERS = [
  { provider: 'GOOGLE', label: 'google', badge: 'googleBadge' },
  { provider: 'YANDEX', label: 'yandex', badge: 'yandexBadge' },
  { provider: 'TELEGRAM', label: 'telegram', badge: 'telegramBadge' },
] as const satisfies readonly { provider: IdentityProvider; label: string; badge: string }[];

/** Google, Yandex, Telegram and passkey (`passkeyRow`), each with link or unlink (unlink asks first). */
export function LinkedAccounts({ passkeyRow }: { passkeyRow: ReactNode }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const id = useId();
  const providers = useQuery(trpc.auth.providers.queryOptions());
  const identities = useQuery(trpc.identities.list.queryOptions());
  // The identity asked about stays set while the dialog fades out, so its title does not flicker.
  const [confirming, setConfirming] = useState<Identity | null>(null);
  const [asking, setAsking] = useState(false);

  const unlink = useMutation(
    trpc.identities.unlink.mutationOptions({
      onSuccess: () => toast.success(t('unlinked')),
      onError: (error) => toast.error(t(unlinkFailure(error))),
      onSettled: () => {
        setAsking(false);
        return queryClient.invalidateQueries({ queryKey: trpc.identities.list.queryKey() });
      },
    }),
  );

  function offered(provider: IdentityProvider): boolean {
    const on = providers.data;
    if (!on) return false;
    return provider === 'GOOGLE' ? on.google : provider === 'YANDEX' ? on.yandex : !!on.telegram;
  }

  const providerName = (identity: Identity | null) =>
    identity ? t(PROVIDERS.find((p) => p.provider === identity.provider)?.label ?? 'google') : '';

  let rows: ReactNode;
  if (identities.isPending || providers.isPending) {
    rows = <Spinner />;
  } else if (identities.isError) {
    rows = (
      <div className="account-row account-load-failed" role="alert">
        <span className="account-row-main">{t('linkedLoadFailed')}</span>
        <button type="button" className="btn" onClick={() => void identities.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  } else {
    const linked = identities.data as Identity[];
    rows = PROVIDERS.flatMap(({ provider, label, badge }) => {
      const mine = linked.filter((identity) => identity.provider === provider);
      const name = t(label);
      if (mine.length > 0) {
        // Once Telegram is linked, the bot acts for this account: one tap to its chat.
        const bot = provider === 'TELEGRAM' ? providers.data?.telegram?.botUsername : undefined;
        return mine.map((identity) => (
          <AccountRow
            key={identity.id}
            badge={t(badge)}
            title={name}
            detail={identity.email ?? identity.displayName ?? t('linkedNoEmail')}
            action={
              <>
                {bot ? (
                  <BotLink username={bot} className="btn account-open-bot">
                    {t('openBot', { ns: 'common' })}
                  </BotLink>
                ) : null}
                <button
                  type="button"
                  className="btn btn-ghost account-unlink"
                  aria-label={t('unlinkProvider', { provider: name })}
                  onClick={() => {
                    setConfirming(identity);
                    setAsking(true);
                  }}
                >
                  {t('unlink')}
                </button>
              </>
            }
          />
        ));
      }
      // Not linked, and this server does not offer it: nothing to show.
      if (!offered(provider)) return [];
      const href =
        provider === 'TELEGRAM'
          ? TELEGRAM_LINK_URL
          : oauthLinkUrl(provider === 'GOOGLE' ? 'google' : 'yandex');
      return [
        <AccountRow
          key={provider}
          badge={t(badge)}
          title={name}
          detail={t('notLinked')}
          action={
            <a
              className="btn account-link"
              href={href}
              aria-label={t('linkProvider', { provider: name })}
              onClick={(event) => {
                // Inside the Telegram mini app the providers' pages open in the phone's browser (spec §7).
                if (provider !== 'TELEGRAM' && isTelegramMiniApp()) {
                  event.preventDefault();
                  openInBrowser(href);
                }
              }}
            >
              {t('link')}
            </a>
          }
        />,
      ];
    });
  }

  return (
    <section className="card account-linked" aria-labelledby={`${id}-title`}>
      <div className="account-section-head">
        <h2 className="account-section-title" id={`${id}-title`}>
          {t('linkedTitle')}
        </h2>
        <HelpTip label={t('linkedHelpLabel')}>{t('linkedHelp')}</HelpTip>
      </div>
      <div className="account-rows">
        <PasswordRow />
        {rows}
        {passkeyRow}
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          if (!open && !unlink.isPending) setAsking(false);
        }}
        title={t('unlinkTitle', { provider: providerName(confirming) })}
        description={t('unlinkText', { provider: providerName(confirming) })}
        confirmLabel={t('unlink')}
        danger
        busy={unlink.isPending}
        onConfirm={() => {
          if (asking && confirming && !unlink.isPending) unlink.mutate({ id: confirming.id });
        }}
      />
    </section>
  );
}
