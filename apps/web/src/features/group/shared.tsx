import { Link } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { useTranslation } from 'react-i18next';
import type { Expense, Group, MemberBalance } from '../../lib/api-types';
import { errorCode } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';

export { isGroupId } from '../../lib/group-id';

/** GROUP_NOT_FOUND, or any 404, or an id the API refuses as malformed. */
export function isNotFound(error: unknown): boolean {
  const code = errorCode(error);
  if (code === 'GROUP_NOT_FOUND' || code === 'NOT_FOUND') return true;
  if (!(error instanceof TRPCClientError)) return false;
  const data = error.data as { httpStatus?: number; code?: string } | undefined;
  return data?.httpStatus === 404 || data?.code === 'NOT_FOUND';
}

/** Names of every member an expense or debt may mention: current seats, balances, then an expense's own map. */
export function memberNamer(
  group: Pick<Group, 'users'> | undefined,
  stats: readonly Pick<MemberBalance, 'memberId' | 'name'>[] | undefined,
) {
  const names = new Map<string, string>();
  for (const s of stats ?? []) names.set(s.memberId, s.name);
  for (const u of group?.users ?? []) names.set(u.memberId, u.name);
  return (
    memberId: string | null | undefined,
    expense?: Pick<Expense, 'memberNames'>,
  ): string | undefined => {
    if (!memberId) return undefined;
    return names.get(memberId) ?? expense?.memberNames[memberId];
  };
}

export function GroupNotFound() {
  const { t } = useTranslation('group');
  return (
    <>
      <PageHeader title={t('notFound')} back={{ to: '/' }} />
      <div className="card group-state" role="alert">
        <p className="group-state-text">{t('notFoundText')}</p>
        <Link to="/" className="btn btn-primary">
          {t('backToGroups')}
        </Link>
      </div>
    </>
  );
}

export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('group');
  const { t: tc } = useTranslation();
  return (
    <div className="card group-state" role="alert">
      <p className="group-state-text">{tc('genericError')}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
