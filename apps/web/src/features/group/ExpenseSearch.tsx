import { Search as SearchIcon, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CategoryLike, useCategoryName } from '../../ui/category';
import { activeFilters, EMPTY_SEARCH, type SearchState } from './search-filter';

interface ExpenseSearchProps {
  value: SearchState;
  onChange(next: SearchState): void;
  members: readonly { memberId: string; name: string }[];
  categories: readonly CategoryLike[];
}

/** How long typing pauses before the search is asked for. */
const TYPING_PAUSE_MS = 250;

/**
 * The group page's search: a text field (name and notes), and behind the filters button a member,
 * a category and a range of days. The server does the searching (expenses.list's filter).
 */
export default function ExpenseSearch({ value, onChange, members, categories }: ExpenseSearchProps) {
  const { t } = useTranslation('group');
  const categoryName = useCategoryName();
  const uid = useId();
  const [typed, setTyped] = useState(value.text);
  const [open, setOpen] = useState(() => activeFilters(value) > 0);

  useEffect(() => {
    if (typed === value.text) return;
    const timer = setTimeout(() => onChange({ ...value, text: typed }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, value, onChange]);

  const set = (patch: Partial<SearchState>) => onChange({ ...value, ...patch });
  const count = activeFilters(value);
  const anything = count > 0 || value.text !== '' || typed !== '';

  return (
    <search className="expense-search">
      <div className="expense-search-row">
        <div className="expense-search-field">
          <SearchIcon size={18} aria-hidden="true" className="expense-search-icon" />
          <input
            type="search"
            className="input expense-search-input"
            aria-label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            value={typed}
            maxLength={100}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              // Enter searches at once, without waiting for the pause.
              if (e.key === 'Enter') onChange({ ...value, text: typed });
            }}
          />
        </div>
        <button
          type="button"
          className={count > 0 ? 'btn expense-filters-toggle is-active' : 'btn expense-filters-toggle'}
          aria-expanded={open}
          aria-controls={`${uid}-filters`}
          onClick={() => setOpen(!open)}
        >
          <SlidersHorizontal size={18} aria-hidden="true" />
          <span className="expense-filters-label">{t('filters')}</span>
          {count > 0 ? (
            <span className="expense-filters-count">
              <span className="visually-hidden">: </span>
              {count}
            </span>
          ) : null}
        </button>
      </div>
      {open ? (
        <div className="expense-filters" id={`${uid}-filters`}>
          <label className="expense-filter">
            <span className="field-label">{t('filterMember')}</span>
            <select
              className="input expense-filter-input"
              value={value.memberId}
              onChange={(e) => set({ memberId: e.target.value })}
            >
              <option value="">{t('filterAnyMember')}</option>
              {members.map((m) => (
                <option key={m.memberId} value={m.memberId}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <label className="expense-filter">
            <span className="field-label">{t('filterCategory')}</span>
            <select
              className="input expense-filter-input"
              value={value.categoryId}
              onChange={(e) => set({ categoryId: e.target.value })}
            >
              <option value="">{t('filterAnyCategory')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {categoryName(c)}
                </option>
              ))}
            </select>
          </label>
          <label className="expense-filter">
            <span className="field-label">{t('filterFrom')}</span>
            <input
              type="date"
              className="input expense-filter-input"
              value={value.dateFrom}
              onChange={(e) => set({ dateFrom: e.target.value })}
            />
          </label>
          <label className="expense-filter">
            <span className="field-label">{t('filterTo')}</span>
            <input
              type="date"
              className="input expense-filter-input"
              value={value.dateTo}
              onChange={(e) => set({ dateTo: e.target.value })}
            />
          </label>
        </div>
      ) : null}
      {anything ? (
        <button
          type="button"
          className="btn btn-ghost expense-search-clear"
          onClick={() => {
            setTyped('');
            onChange(EMPTY_SEARCH);
          }}
        >
          {t('searchClear')}
        </button>
      ) : null}
    </search>
  );
}
