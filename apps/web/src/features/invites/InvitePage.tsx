import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberRedirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorCode, trpc, trpcClient } from '../../lib/trpc';
import { LogoMark } from '../../ui/LogoMark';
import { Spinner } from '../../ui/Spinner';
import brand from './InviteBrand.module.css';
import { JOIN_NAVIGATE_DELAY_MS, sleep, truncateName } from './model';
import './invites.css';

/** /invite/{inviteToken} (spec §2, §4, §5): public preview; join as new or claim a seat. */
export function InvitePage({ token }: { token: string }) {
  const { t } = useTranslation('invites');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = Boolean(session.data);
  const path = useRouterState({ select: (s) => s.location.href });
  const preview = useQuery({ ...trpc.invites.preview.queryOptions({ token }), retry: false });
  const [pending, setPending] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);

  const data = preview.data;
  const groupId = data?.groupId;
  const alreadyMember = signedIn && data?.alreadyMember;
  useEffect(() => {
    if (alreadyMember && groupId)
      void navigate({ to: '/group/$groupId', params: { groupId }, replace: true });
  }, [alreadyMember, groupId, navigate]);

  async function join(key: string, call: () => Promise<{ groupId: string }>) {
    if (pending) return;
    setPending(key);
    try {
      const joined = await call();
      toast.success(t('joined'));
      await queryClient.invalidateQueries({ queryKey: trpc.groups.list.queryKey() });
      await sleep(JOIN_NAVIGATE_DELAY_MS);
      await navigate({ to: '/group/$groupId', params: { groupId: joined.groupId } });
    } catch (error) {
      const code = errorCode(error);
      if (code === 'INVITE_INVALID') setInvalid(true);
      else if (code === 'SEAT_TAKEN') {
        toast.error(t('seatTaken'));
        void preview.refetch();
      } else toast.error(t('joinFailed'));
      setPending(null);
    }
  }

  function signIn() {
    rememberRedirect(path);
    void navigate({ to: '/login', search: { redirect: path } });
  }

  if (invalid || errorCode(preview.error) === 'INVITE_INVALID') {
    return (
      <InviteShell>
        <h1 className="invite-group">{t('invalidTitle')}</h1>
        <p>{t('invalidText')}</p>
        <Link to="/" className="btn btn-primary">
          {signedIn ? t('toGroups') : t('toHome')}
        </Link>
      </InviteShell>
    );
  }
  if (preview.isError) {
    return (
      <InviteShell>
        <p role="alert">{t('loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void preview.refetch()}>
          {t('retry')}
        </button>
      </InviteShell>
    );
  }
  if (!data || alreadyMember) return <Spinner full />;

  const hasFreeSeats = data.users.some((u) => u.id == null);
  return (
    <InviteShell>
      <p className="muted invite-kicker">{t('invitedTo')}</p>
      <h1 className="invite-group">{data.groupName}</h1>
      <h2 className="invite-members-title">{t('members')}</h2>
      <ul className="invite-members">
        {data.users.map((u) => (
          <li key={u.memberId} className="invite-member">
            <span className="invite-member-text">
              <span className="invite-member-name" title={u.name}>
                {truncateName(u.name)}
              </span>
              <span className="muted invite-member-sub">
                {u.username ? `@${u.username}` : t('noAccount')}
              </span>
            </span>
            {signedIn && u.id == null ? (
              <button
                type="button"
                className="btn"
                aria-label={t('claimLabel', { name: u.name })}
                disabled={pending !== null}
                onClick={() =>
                  void join(u.memberId, () =>
                    trpcClient.invites.claim.mutate({ token, memberId: u.memberId }),
                  )
                }
              >
                {t('claim')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="invite-footer">
        {signedIn ? (
          <>
            {hasFreeSeats ? <p className="muted">{t('claimNote')}</p> : null}
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={pending !== null}
              onClick={() => void join('new', () => trpcClient.invites.joinNew.mutate({ token }))}
            >
              {t('joinNew')}
            </button>
          </>
        ) : (
          <>
            <p className="muted">{t('guestNote')}</p>
            <button type="button" className="btn btn-primary btn-block" onClick={signIn}>
              {t('signInToJoin')}
            </button>
          </>
        )}
      </div>
    </InviteShell>
  );
}

function InviteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('invites');
  const { t: common } = useTranslation('common');
  return (
    <main className="invite-page">
      <div className={brand.column}>
        <Link to="/features" className={brand.brand}>
          <LogoMark className={brand.logo} />
          {common('appName')}
        </Link>
        <section className="card invite-card" aria-label={t('pageTitle')}>
          {children}
        </section>
      </div>
    </main>
  );
}
