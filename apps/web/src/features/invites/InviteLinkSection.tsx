import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { toast } from '../../lib/toast';
import { errorCode, trpc, trpcClient } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { HelpTip } from '../../ui/HelpTip';
import { Spinner } from '../../ui/Spinner';
import {
  COPY_FEEDBACK_MS,
  dismissHint,
  type InviteLink,
  inviteUrl,
  isHintDismissed,
  lifetimeToTtlSeconds,
  refreshInvite,
} from './model';
import './invites.css';

/** Settings → invite link (spec §2, §4, §5, §9); render it for admins only. */
export function InviteLinkSection({ groupId }: { groupId: string }) {
  const { t } = useTranslation('invites');
  const queryClient = useQueryClient();
  const titleId = useId();
  const invite = useQuery(trpc.invites.get.queryOptions({ groupId }));
  const [busy, setBusy] = useState(false);
  // Refreshing revokes the link for everyone it was sent to: it asks first (issue 27).
  const [confirmRefresh, setConfirmRefresh] = useState(false);
  const autoCreated = useRef(false);
  const link = invite.data ?? null;

  function store(fresh: InviteLink | null | undefined) {
    if (!fresh) return void invite.refetch();
    queryClient.setQueryData(trpc.invites.get.queryKey({ groupId }), (old) =>
      old ? { ...old, ...fresh } : { ttlSeconds: null, ...fresh },
    );
  }

  async function create(ttlSeconds?: number, silent = false) {
    setBusy(true);
    try {
      store(await trpcClient.invites.create.mutate(ttlSeconds ? { groupId, ttlSeconds } : { groupId }));
    } catch {
      // Failures of invite creation are mostly swallowed (spec §4); a pressed button says so.
      if (!silent) toast.error(t('createFailed'));
    } finally {
      setBusy(false);
    }
  }

  // An admin opening settings gets a link if none exists yet (spec §5).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the answer is "none"
  useEffect(() => {
    if (invite.isSuccess && invite.data == null && !autoCreated.current) {
      autoCreated.current = true;
      void create(undefined, true);
    }
  }, [invite.isSuccess, invite.data]);

  async function refresh() {
    setConfirmRefresh(false);
    setBusy(true);
    try {
      const fresh = await refreshInvite({
        create: () => trpcClient.invites.create.mutate({ groupId }),
        revoke: () => trpcClient.invites.revoke.mutate({ groupId }),
        validate: (token) => trpcClient.invites.preview.query({ token }),
        codeOf: errorCode,
      });
      store(fresh);
      toast.success(t('refreshed'));
    } catch {
      toast.error(t('refreshFailed'));
      void invite.refetch();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card invite-section" aria-labelledby={titleId}>
      <div className="invite-head">
        <h2 id={titleId} className="invite-title">
          {t('sectionTitle')}
        </h2>
        <HelpTip label={t('helpLabel')}>{t('help')}</HelpTip>
      </div>
      <InviteHint />
      {invite.isPending ? (
        <Spinner />
      ) : link ? (
        <LinkView link={link} busy={busy} onRefresh={() => setConfirmRefresh(true)} />
      ) : (
        <CreateForm busy={busy} onCreate={(ttl) => void create(ttl)} />
      )}
      <ConfirmDialog
        open={confirmRefresh}
        onOpenChange={setConfirmRefresh}
        title={t('refreshTitle')}
        description={t('refreshText')}
        confirmLabel={t('refreshConfirm')}
        danger
        busy={busy}
        onConfirm={() => void refresh()}
      />
    </section>
  );
}

function CreateForm({ busy, onCreate }: { busy: boolean; onCreate: (ttlSeconds?: number) => void }) {
  const { t } = useTranslation('invites');
  const id = useId();
  const [days, setDays] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onCreate(lifetimeToTtlSeconds(days));
  }

  return (
    <form className="invite-create" onSubmit={onSubmit} noValidate>
      <div className="field invite-lifetime">
        <label className="field-label" htmlFor={id}>
          {t('lifetime')}
        </label>
        <input
          id={id}
          className="input"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={days}
          aria-describedby={`${id}-note`}
          onChange={(event) => setDays(event.target.value)}
        />
        <p id={`${id}-note`} className="muted invite-note">
          {t('lifetimeNote')}
        </p>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('creating') : t('create')}
      </button>
    </form>
  );
}

function LinkView({ link, busy, onRefresh }: { link: InviteLink; busy: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('invites');
  const format = useFormat();
  const id = useId();
  const url = inviteUrl(window.location.origin, link.token);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const field = document.getElementById(id) as HTMLInputElement | null;
      field?.select();
      if (!document.execCommand?.('copy')) return void toast.error(t('copyFailed'));
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }

  return (
    <div className="invite-link">
      <label className="field-label" htmlFor={id}>
        {t('linkLabel')}
      </label>
      <input
        id={id}
        className="input invite-url"
        type="text"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="invite-actions">
        <button
          type="button"
          className="btn btn-primary invite-action"
          onClick={() => void copy()}
          aria-live="polite"
        >
          {copied ? t('copied') : t('copy')}
        </button>
        <button type="button" className="btn invite-action" onClick={onRefresh} disabled={busy}>
          {busy ? t('refreshing') : t('refresh')}
        </button>
      </div>
      <p className="muted invite-note">
        {link.expiresAt ? t('expires', { date: format.dateTime(link.expiresAt) }) : t('neverExpires')}
      </p>
    </div>
  );
}

function InviteHint() {
  const { t } = useTranslation('invites');
  const [hidden, setHidden] = useState(() => isHintDismissed());
  if (hidden) return null;
  return (
    <div className="invite-hint" role="note">
      <p>{t('hint')}</p>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => {
          dismissHint();
          setHidden(true);
        }}
      >
        {t('hintDismiss')}
      </button>
    </div>
  );
}
