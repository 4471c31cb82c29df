import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Expense, Group, MemberBalance } from '../../lib/api-types';
import { PageHeader } from '../../ui/PageHeader';

export { isGroupId } from '../../lib/group-id';
export { isNotFound } from '../../lib/trpc';

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
