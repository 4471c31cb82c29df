import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n';
import type { Expense } from '../../lib/api-types';
import { SeriesActions } from '../../ui/SeriesActions';
import { formatDay, ruleText } from '../../ui/series-text';

type Series = NonNullable<Expense['series']>;

/** "Repeats every month · next 28.12" on an expense of a series (issue 28), with pause/resume/stop. */
export function SeriesLine({ groupId, name, series }: { groupId: string; name: string; series: Series }) {
  const { t, i18n } = useTranslation('recurring');
  if (series.state === 'stopped') return null;
  const locale = LOCALES[i18n.language === 'en' ? 'en' : 'ru'];
  const rule = ruleText(t, series.every, series.unit);
  const when =
    series.state === 'paused'
      ? t('paused')
      : series.nextDate
        ? t('nextOn', { date: formatDay(series.nextDate, locale, new Date().getFullYear()) })
        : t('ends');
  return (
    <div className="card expense-card series-line">
      <p className="series-line-text">
        {t('repeats', { rule: rule.toLocaleLowerCase(locale) })} · {when}
      </p>
      <SeriesActions groupId={groupId} seriesId={series.id} name={name} state={series.state} />
    </div>
  );
}
