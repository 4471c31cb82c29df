import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { SeriesActions } from '../../ui/SeriesActions';
import { formatDay, ruleText } from '../../ui/series-text';

/** Group settings' "Recurring expenses" (issue 28): the series still repeating, their next day, pause/resume/stop. */
export function RecurringSection({ groupId, currency }: { groupId: string; currency: string }) {
  const { t, i18n } = useTranslation('recurring');
  const format = useFormat();
  const series = useQuery(trpc.recurring.list.queryOptions({ groupId }));
  const locale = LOCALES[i18n.language === 'en' ? 'en' : 'ru'];
  const thisYear = new Date().getFullYear();
  return (
    <section className="card settings-card recurring-section" aria-labelledby="recurring-title">
      <h2 className="section-title recurring-title" id="recurring-title">
        {t('sectionTitle')}
      </h2>
      {series.isError ? (
        <p className="muted" role="alert">
          {t('loadFailed')}{' '}
          <button type="button" className="btn btn-ghost" onClick={() => void series.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : series.data && series.data.length === 0 ? (
        <p className="muted recurring-none">{t('none')}</p>
      ) : (
        <ul className="recurring-list">
          {(series.data ?? []).map((s) => (
            <li key={s.id} className="recurring-row">
              <div className="recurring-text">
                <span className="recurring-name">{s.name}</span>
                <span className="recurring-amount">{format.money(s.amountCents, currency)}</span>
                <span className="recurring-rule muted">
                  {ruleText(t, s.every, s.unit)}
                  {' · '}
                  {s.status === 'paused'
                    ? t('paused')
                    : s.nextDate
                      ? t('nextOn', { date: formatDay(s.nextDate, locale, thisYear) })
                      : t('ends')}
                </span>
              </div>
              <SeriesActions groupId={groupId} seriesId={s.id} name={s.name} state={s.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
