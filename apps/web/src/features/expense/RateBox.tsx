import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { type RateState, rateText } from './foreign';
import { centsToText, type ExpenseDraft, type Ledger } from './model';

interface RateBoxProps {
  uid: string;
  draft: ExpenseDraft;
  money: Ledger;
  state: RateState;
  groupCurrency: string;
  groupSymbol: string;
  decimal: '.' | ',';
  locale: string;
  /** The rate and converted-amount fields are shown. */
  open: boolean;
  onOpen(open: boolean): void;
  rateRef: RefObject<HTMLInputElement | null>;
  /** The id of the form's error under the rate, when it shows one. */
  error?: string;
  onRate(text: string): void;
  onConverted(text: string): void;
}

/** The rate providers' names as shown (proper names, the same in every language). */
const PROVIDERS: Record<string, string> = { frankfurter: 'Frankfurter' };

/**
 * Issue 26, under an amount in another currency: «45,00 € → 4 218,75 ₽», the rate line
 * («1 € = 93,75 ₽ · Frankfurter, 28.11») and, to edit it or when there is none, the rate and the
 * amount in the group's currency (typing either sets the other).
 */
export function RateBox(props: RateBoxProps) {
  const { t } = useTranslation('expense');
  const format = useFormat();
  const { draft, money, state, groupCurrency, decimal, locale, uid } = props;
  const rate = typeof money.rate === 'object' && money.rate !== null ? money.rate : undefined;
  const number = (value: string, currency: string, digits: number) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: digits,
      // The rate's exact decimal text: no float between it and what is shown.
    }).format(value as `${number}`);
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const rateLine = rate ? `${number('1', draft.currency, 0)} = ${number(rate.rate, groupCurrency, 12)}` : '';
  const source = !rate
    ? ''
    : rate.rateSource === 'manual'
      ? t('rateManual')
      : rate.provider
        ? t('rateFetched', { provider: PROVIDERS[rate.provider] ?? rate.provider, date: day(rate.rateDate) })
        : t('rateStored', { date: day(rate.rateDate) });
  const status =
    money.rate === 'invalid'
      ? t('rateInvalid')
      : money.rate === 'missing'
        ? state.status === 'loading'
          ? t('rateLoading')
          : t('rateUnavailable')
        : undefined;
  const showFields =
    props.open ||
    draft.rateText !== null ||
    draft.convertedText !== null ||
    (money.rate === 'missing' && state.status !== 'loading');
  const converted =
    money.amountCents !== undefined && money.typedCents > 0
      ? `${format.money(money.typedCents, draft.currency)} → ${format.money(money.amountCents, groupCurrency)}`
      : undefined;
  const rateValue = draft.rateText ?? (rate ? rateText(rate.rate, decimal) : '');
  const convertedValue =
    draft.convertedText ??
    (money.amountCents !== undefined && money.typedCents > 0
      ? centsToText(money.amountCents).replace('.', decimal)
      : '');
  const one = number('1', draft.currency, 0);

  return (
    <div className="expense-rate" id={`${uid}-rate-box`}>
      {converted ? (
        <p className="expense-converted" aria-live="polite">
          {converted}
        </p>
      ) : null}
      <p className="expense-rate-line muted">
        {rate ? (
          <span>
            {rateLine}
            {source ? ` · ${source}` : ''}
          </span>
        ) : null}
        {status ? (
          <span
            className={money.rate === 'invalid' ? 'expense-rate-status is-warning' : 'expense-rate-status'}
          >
            {status}
          </span>
        ) : null}
        {showFields ? null : (
          <button
            type="button"
            className="btn btn-ghost expense-rate-edit"
            aria-expanded={false}
            aria-controls={`${uid}-rate-fields`}
            onClick={() => props.onOpen(true)}
          >
            {t('rateEdit')}
          </button>
        )}
      </p>
      {showFields ? (
        <div className="expense-rate-fields" id={`${uid}-rate-fields`}>
          <div className="field expense-field">
            <label className="field-label" htmlFor={`${uid}-rate`}>
              {t('rateLabel')}
            </label>
            <div className="expense-rate-input">
              <span className="expense-rate-one" aria-hidden="true">
                {one} =
              </span>
              <div className="input-affix">
                <input
                  ref={props.rateRef}
                  id={`${uid}-rate`}
                  className="input expense-input"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={32}
                  placeholder="0"
                  aria-description={t('rateOf', { from: draft.currency, to: groupCurrency })}
                  {...(props.error ? { 'aria-invalid': true, 'aria-describedby': props.error } : {})}
                  value={rateValue}
                  onChange={(e) => props.onRate(e.target.value)}
                />
                <span className="input-affix-text" aria-hidden="true">
                  {props.groupSymbol}
                </span>
              </div>
            </div>
          </div>
          <div className="field expense-field">
            <label className="field-label" htmlFor={`${uid}-converted`}>
              {t('convertedLabel', { currency: groupCurrency })}
            </label>
            <div className="input-affix">
              <input
                id={`${uid}-converted`}
                className="input expense-input"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                maxLength={40}
                placeholder="0"
                value={convertedValue}
                onChange={(e) => props.onConverted(e.target.value)}
              />
              <span className="input-affix-text" aria-hidden="true">
                {props.groupSymbol}
              </span>
            </div>
          </div>
        </div>
      ) : null}
      {props.error ? (
        <span className="field-error" id={props.error}>
          {t('rateRequired')}
        </span>
      ) : null}
    </div>
  );
}
