import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpenseListItem } from '../../lib/api-types';
import { useFormat } from '../../lib/format';
import { useCategoryName } from '../../ui/category';
import { TransferIcon, TrashIcon } from '../../ui/icons';
import { LazyCategoryIcon as CategoryIcon } from '../../ui/LazyCategoryIcon';
import { Spinner } from '../../ui/Spinner';
import { myPart, needsAllocationWarning } from './money';

const loadDeleteDialog = () => import('./DeleteExpenseDialog');
/** Fetched once the list is on screen, rendered from the first delete asked for (DeleteExpenseDialog). */
const DeleteExpenseDialog = lazy(() => loadDeleteDialog().then((m) => ({ default: m.DeleteExpenseDialog })));

type ExpenseView = Pick<
  ExpenseListItem,
  | 'id'
  | 'name'
  | 'amountCents'
  | 'date'
  | 'paidById'
  | 'splitCents'
  | 'settlement'
  | 'settlementFromId'
  | 'settlementToId'
  | 'memberNames'
  | 'category'
  | 'payers'
  | 'original'
> &
  Partial<Pick<ExpenseListItem, 'seriesId'>>;

/** The pages after the ones shown. */
export interface MorePages {
  hasMore: boolean;
  loading: boolean;
  load(): void;
}

interface ExpenseListProps {
  groupId: string;
  currency: string;
  me: string;
  /** Newest first, as the API returns them: the pages loaded so far. */
  expenses: ExpenseView[];
  more: MorePages;
  nameOf(
    memberId: string | null | undefined,
    expense?: Pick<ExpenseListItem, 'memberNames'>,
  ): string | undefined;
}

export function ExpenseList({ groupId, currency, me, expenses, more, nameOf }: ExpenseListProps) {
  const { t } = useTranslation('group');
  const [toDelete, setToDelete] = useState<ExpenseView | null>(null);
  // The dialog stays mounted once asked for, so that closing it returns the focus (ConfirmDialog).
  const [deleteAsked, setDeleteAsked] = useState(false);
  if (toDelete && !deleteAsked) setDeleteAsked(true);
  useEffect(() => {
    void loadDeleteDialog().catch(() => undefined);
  }, []);
  const title = (e: ExpenseView) => (e.settlement ? t('settlement') : e.name);

  if (expenses.length === 0) {
    return (
      <div className="card empty">
        <p className="group-empty-title">{t('noExpenses')}</p>
        <p className="group-empty-text">{t('noExpensesText')}</p>
      </div>
    );
  }

  return (
    <>
      <ul className="list expense-list">
        {expenses.map((expense) => (
          <li
            key={expense.id}
            className={expense.settlement ? 'expense-row expense-settlement' : 'expense-row'}
          >
            <Link
              to="/group/$groupId/expense/$expenseId"
              params={{ groupId, expenseId: expense.id }}
              className="expense-link"
            >
              <ExpenseRow
                expense={expense}
                currency={currency}
                me={me}
                nameOf={nameOf}
                title={title(expense)}
              />
            </Link>
            <button
              type="button"
              className="icon-btn expense-row-delete"
              aria-label={t('deleteExpenseLabel', { name: title(expense) })}
              title={t('deleteExpenseLabel', { name: title(expense) })}
              onClick={() => setToDelete(expense)}
            >
              <TrashIcon size={18} />
            </button>
          </li>
        ))}
      </ul>
      <LoadMore more={more} />
      {deleteAsked ? (
        <Suspense fallback={null}>
          <DeleteExpenseDialog
            groupId={groupId}
            expense={
              toDelete && {
                id: toDelete.id,
                title: title(toDelete),
                name: toDelete.name,
                settlement: toDelete.settlement,
                amountCents: toDelete.amountCents,
              }
            }
            onClose={() => setToDelete(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The next page loads when the end of the list scrolls into view (an IntersectionObserver on a
 * sentinel), and from a "Show more" button for keyboards and browsers without the observer.
 */
function LoadMore({ more }: { more: MorePages }) {
  const { t } = useTranslation('group');
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loading, load } = more;
  const latest = useRef({ hasMore, loading, load });
  latest.current = { hasMore, loading, load };

  // A new observer after each load reports at once whether the end is still in view (a tall
  // screen), so pages keep coming until it is not.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const now = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && now.hasMore && !now.loading) now.load();
      },
      // Start a little before the end is reached, so scrolling rarely waits.
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div className="expense-more" ref={sentinel}>
      {loading ? (
        <Spinner />
      ) : (
        <button type="button" className="btn" onClick={load}>
          {t('showMore')}
        </button>
      )}
    </div>
  );
}

function ExpenseRow({
  expense,
  currency,
  me,
  nameOf,
  title,
}: {
  expense: ExpenseView;
  currency: string;
  me: string;
  nameOf: ExpenseListProps['nameOf'];
  title: string;
}) {
  const { t } = useTranslation('group');
  const format = useFormat();
  const money = (cents: number) => format.money(cents, currency);
  const name = (id: string | null) => nameOf(id, expense) ?? t('unknownMember');
  const categoryName = useCategoryName();
  const date = (
    <span className="expense-date">
      {expense.settlement ? null : (
        <span className="expense-category-mark" title={categoryName(expense.category)}>
          <CategoryIcon id={expense.category?.id} size={16} />
          <span className="visually-hidden">{categoryName(expense.category)}, </span>
        </span>
      )}
      <span>{format.monthDay(expense.date)}</span>
    </span>
  );

  if (expense.settlement) {
    const from = expense.settlementFromId ?? expense.paidById;
    const to = expense.settlementToId;
    // Issue 26: a repayment in another currency, «50,00 € · 4 850,00 ₽» (an arrow would read as
    // another transfer beside «Вы → Аня»).
    const amount = expense.original
      ? t('settlementForeign', {
          original: format.money(expense.original.amountCents, expense.original.currency),
          converted: money(expense.amountCents),
        })
      : money(expense.amountCents);
    const line =
      from === me
        ? t('settlementFromMe', { to: name(to), amount })
        : to === me
          ? t('settlementToMe', { from: name(from), amount })
          : t('settlementOthers', { from: name(from), to: name(to), amount });
    return (
      <>
        {date}
        <span className="expense-row-main">
          <span className="expense-name expense-settlement-line">
            <TransferIcon size={18} />
            {line}
          </span>
          <span className="expense-sub">{title}</span>
        </span>
      </>
    );
  }

  const part = myPart(expense, me);
  // Issue 26: «45,00 € → 4 218,75 ₽» for an amount paid in another currency.
  const converted = money(expense.amountCents);
  const paid = expense.original
    ? `${format.money(expense.original.amountCents, expense.original.currency)} → ${converted}`
    : converted;
  const several = expense.payers.length > 1;
  return (
    <>
      {date}
      <span className="expense-row-main">
        <span className="expense-name">
          {title}
          {expense.seriesId ? (
            // Issue 28: a repeating expense; tiny and inline, the list is on the first screen.
            <svg className="expense-repeat" viewBox="0 0 24 24" role="img" aria-label={t('repeats')}>
              <path d="M20 12a8 8 0 1 1-3-6M20 3v4h-4" />
            </svg>
          ) : null}
        </span>
        <span className="expense-sub">
          {several
            ? t('paidBySeveral', {
                amount: paid,
                payers: expense.payers.map((p) => `${name(p.memberId)} ${money(p.amountCents)}`).join(', '),
              })
            : expense.paidById === me
              ? t('youPaid', { amount: paid })
              : t('paidBy', { name: name(expense.paidById), amount: paid })}
        </span>
        {needsAllocationWarning(expense) ? (
          <span className="expense-warning">{t('notFullyAllocated')}</span>
        ) : null}
      </span>
      {part.kind === 'none' ? null : (
        <span className={part.kind === 'lent' ? 'expense-part positive' : 'expense-part negative'}>
          <span className="expense-part-label">{part.kind === 'lent' ? t('youLent') : t('youBorrowed')}</span>
          <span className="expense-part-amount">{money(part.cents)}</span>
        </span>
      )}
    </>
  );
}
