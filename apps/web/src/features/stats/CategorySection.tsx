import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useCategoryName } from '../../ui/category';
import { LazyCategoryIcon as CategoryIcon } from '../../ui/LazyCategoryIcon';
import { Spinner } from '../../ui/Spinner';

/**
 * Spending by category (stats.byCategory, summed by the server in cents): each category's sum,
 * its share of the whole as a bar and a percentage, largest first. Settlements are not spending.
 */
export function CategorySection({ groupId, currency }: { groupId: string; currency: string }) {
  const { t, i18n } = useTranslation('stats');
  const format = useFormat();
  const categoryName = useCategoryName();
  const query = useQuery(trpc.stats.byCategory.queryOptions({ groupId }));
  // A failed load is silent (spec §7): the section is left out.
  if (query.isError) return null;
  const percent = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'ru-RU', {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const data = query.data;
  return (
    <section className="card stats-chart-card" aria-labelledby="stats-categories-title">
      <div className="stats-chart-head">
        <h2 id="stats-categories-title" className="stats-chart-title">
          {t('categoriesTitle')}
        </h2>
      </div>
      {!data ? (
        <Spinner />
      ) : data.categories.length === 0 ? (
        <p className="stats-chart-note">{t('spendingNone')}</p>
      ) : (
        <ul className="stats-categories">
          {data.categories.map((category) => {
            const share = data.totalCents > 0 ? category.cents / data.totalCents : 0;
            const name = categoryName(category.id ? { ...category, id: category.id } : null);
            return (
              <li key={category.id ?? 'none'} className="stats-category">
                <span className="stats-category-icon" aria-hidden="true">
                  <CategoryIcon id={category.id} size={18} />
                </span>
                <span className="stats-category-main">
                  <span className="stats-category-line">
                    <span className="stats-category-name">{name}</span>
                    <span className="stats-category-amount">{format.money(category.cents, currency)}</span>
                  </span>
                  <span className="stats-category-bar" aria-hidden="true">
                    <span style={{ width: `${Math.max(share * 100, 1)}%` }} />
                  </span>
                  <span className="stats-category-sub muted">
                    {percent.format(share)} · {t('categoryCount', { count: category.count })}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
