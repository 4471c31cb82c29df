import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { refusalReason } from '../../lib/outbox';

/** 'group not found': the group is gone or the user has no seat in it. */
export function GroupNotFound() {
  const { t } = useTranslation('expense');
  return (
    <div className="empty" role="alert">
      <h1 className="expense-state-title">{t('groupNotFound')}</h1>
      <p>{t('groupNotFoundText')}</p>
      <Link to="/" className="btn">
        {t('backToGroups')}
      </Link>
    </div>
  );
}

/** 'expense not found' (spec §8). */
export function ExpenseNotFound({ groupId }: { groupId: string }) {
  const { t } = useTranslation('expense');
  return (
    <div className="empty" role="alert">
      <h1 className="expense-state-title">{t('notFound')}</h1>
      <p>{t('notFoundText')}</p>
      <Link to="/group/$groupId" params={{ groupId }} className="btn">
        {t('backToGroup')}
      </Link>
    </div>
  );
}

/**
 * An expense never opened on this device, opened offline (issue 27): nothing of it was kept. Its
 * query waits for the connection; once it is back the form replaces this by itself.
 */
export function ExpenseOffline({ groupId }: { groupId: string }) {
  const { t } = useTranslation('offline');
  const { t: te } = useTranslation('expense');
  return (
    <div className="empty" role="status">
      <h1 className="expense-state-title">{t('notKeptTitle')}</h1>
      <p>{t('notKeptExpense')}</p>
      <Link to="/group/$groupId" params={{ groupId }} className="btn">
        {te('backToGroup')}
      </Link>
    </div>
  );
}

/** Above the form that fixes a write queued offline and refused by the server (lib/outbox.ts). */
export function RefusedNotice({ error }: { error: unknown }) {
  const { t } = useTranslation('offline');
  return (
    <p className="card expense-refused" role="alert">
      {t('fixNotice', { reason: t(refusalReason(error)) })}
    </p>
  );
}
