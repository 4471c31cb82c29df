import {
  type Cents,
  checkItemSplit,
  clampSplitEntryText,
  formatCents,
  type ItemSplit,
  type ItemSplitProblem,
  type NumericItemSplitMethod,
  splitFromEntries,
  splitItem,
} from '@dolya/domain';
import * as Dialog from '@radix-ui/react-dialog';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useReturnFocus } from '../../ui/return-focus';
import type { FormItem } from './items-model';
import { centsToText, type FormMember } from './model';

interface ItemSplitDialogProps {
  /** The item to split; the dialog is open while there is one. */
  item: FormItem | null;
  members: readonly FormMember[];
  memberName(member: FormMember): string;
  currency: string;
  onClose(): void;
  onApply(split: ItemSplit): void;
}

const METHODS: readonly NumericItemSplitMethod[] = ['shares', 'amounts', 'percentages'];
const METHOD_LABEL = {
  shares: 'modeShares',
  amounts: 'modeAmounts',
  percentages: 'modePercentages',
} as const;

/** The item split dialog (spec §4, §5): shares, amounts or percentages of one position. */
export function ItemSplitDialog(props: ItemSplitDialogProps) {
  const returnFocus = useReturnFocus(props.item !== null);
  const { t } = useTranslation('expense');
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open={props.item !== null} onOpenChange={(open) => (open ? null : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          ref={content}
          onCloseAutoFocus={returnFocus}
          className="dialog item-split-dialog"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // Straight to the first member's value, not to the method toggle.
            event.preventDefault();
            content.current?.querySelector<HTMLInputElement>('.split-row input')?.focus();
          }}
        >
          <Dialog.Title className="dialog-title">
            {t('splitDialogTitle', { name: props.item?.name ?? '' })}
          </Dialog.Title>
          {props.item ? <SplitFields {...props} item={props.item} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The entries a split starts from: its own values, or one share each of a members split. */
function initialEntries(split: ItemSplit, decimal: string): [NumericItemSplitMethod, Record<string, string>] {
  switch (split.method) {
    case 'members':
      return ['shares', Object.fromEntries(split.memberIds.map((id) => [id, '1']))];
    case 'shares':
      return ['shares', Object.fromEntries(Object.entries(split.shares).map(([id, v]) => [id, String(v)]))];
    case 'amounts':
      return [
        'amounts',
        Object.fromEntries(
          Object.entries(split.cents).map(([id, cents]) => [id, centsToText(cents).replace('.', decimal)]),
        ),
      ];
    case 'percentages':
      return [
        'percentages',
        Object.fromEntries(
          Object.entries(split.percents).map(([id, v]) => [id, String(v).replace('.', decimal)]),
        ),
      ];
  }
}

function SplitFields(props: ItemSplitDialogProps & { item: FormItem }) {
  const { item, members, memberName, currency } = props;
  const { t, i18n } = useTranslation('expense');
  const { t: tc } = useTranslation();
  const { money, percent } = useFormat();
  const uid = useId();
  const decimal = i18n.language === 'en' ? '.' : ',';
  const [start] = useState(() => initialEntries(item.split, decimal));
  const [method, setMethod] = useState<NumericItemSplitMethod>(start[0]);
  const [entries, setEntries] = useState<Record<NumericItemSplitMethod, Record<string, string>>>(() => ({
    shares: {},
    amounts: {},
    percentages: {},
    [start[0]]: start[1],
  }));
  const rows = members.filter((m) => !m.removed || entries[method][m.id] !== undefined);
  const memberOrder = members.map((m) => m.id);
  const split = useMemo(() => splitFromEntries(method, entries[method]), [method, entries]);
  const problem = checkItemSplit(item.amountCents, split);
  const parts = useMemo(() => {
    if (problem) return {};
    try {
      return splitItem(item.amountCents, split, memberOrder);
    } catch {
      return {};
    }
  }, [problem, item.amountCents, split, memberOrder]);
  const fmt = (cents: Cents) => money(cents, currency);

  function apply(event: FormEvent) {
    event.preventDefault();
    // The dialog sits inside the expense form's tree: keep this submit from reaching it.
    event.stopPropagation();
    if (!problem) props.onApply(split);
  }

  const setEntry = (id: string, text: string) =>
    setEntries((all) => ({ ...all, [method]: { ...all[method], [id]: clampSplitEntryText(method, text) } }));

  return (
    <form onSubmit={apply} noValidate>
      <p className="dialog-text">{t('splitDialogAmount', { amount: fmt(item.amountCents) })}</p>
      <div className="segmented" role="radiogroup" aria-label={t('splitMode')}>
        {METHODS.map((m) => (
          <label key={m} className="segmented-option">
            <input
              type="radio"
              className="segmented-radio"
              name={`${uid}-method`}
              value={m}
              checked={m === method}
              onChange={() => setMethod(m)}
            />
            <span>{t(METHOD_LABEL[m])}</span>
          </label>
        ))}
      </div>
      <ul className="split-list item-split-list">
        {rows.map((m) => {
          const name = memberName(m);
          const cents = parts[m.id];
          return (
            <li key={m.id} className="split-row">
              <span className="split-name">{name}</span>
              <span className="split-control">
                <span
                  className={
                    method === 'percentages' ? 'input-affix split-input split-input-percent' : 'split-input'
                  }
                >
                  <input
                    className="input expense-input"
                    inputMode={method === 'shares' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    maxLength={20}
                    placeholder="0"
                    aria-label={t(
                      method === 'shares' ? 'shareOf' : method === 'amounts' ? 'amountOf' : 'percentOf',
                      { name },
                    )}
                    value={entries[method][m.id] ?? ''}
                    onChange={(e) => setEntry(m.id, e.target.value)}
                  />
                  {method === 'percentages' ? (
                    <span className="input-affix-text" aria-hidden="true">
                      %
                    </span>
                  ) : null}
                </span>
              </span>
              <span className={cents ? 'split-result' : 'split-result split-result-idle muted'}>
                {fmt(cents ?? 0)}
              </span>
            </li>
          );
        })}
      </ul>
      <p
        className={problem ? 'split-totals is-warning item-split-status' : 'split-totals item-split-status'}
        role="status"
        aria-live="polite"
      >
        {problem ? problemText(problem, t, fmt, percent) : t('splitOk')}
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {tc('cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={problem !== null}>
          {t('splitDialogApply')}
        </button>
      </div>
    </form>
  );
}

function problemText(
  problem: ItemSplitProblem,
  t: TFunction<'expense'>,
  fmt: (cents: Cents) => string,
  percent: (value: number) => string,
): string {
  const percentOf = (hundredths: number) => percent(Number(formatCents(hundredths)));
  switch (problem.code) {
    case 'AMOUNTS_EXCEED':
      return t('splitAmountsExceed');
    case 'AMOUNTS_MISMATCH':
      return t('splitAmountsMismatch', {
        required: fmt(problem.requiredCents),
        current: fmt(problem.currentCents),
      });
    case 'PERCENTS_EXCEED':
      return t('splitPercentsExceed', { max: percent(100.1) });
    case 'PERCENTS_MISMATCH':
      return t('splitPercentsMismatch', {
        full: percent(100),
        current: percentOf(problem.currentHundredths),
      });
    case 'NO_SHARES':
      return t('splitNoShares');
  }
}
