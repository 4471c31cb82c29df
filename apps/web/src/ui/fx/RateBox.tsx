import { formatCents } from '@dolya/domain';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { type ConvertedAmount, type RateState, rateText } from '../../lib/fx/foreign';
import { currencySymbol } from '../../lib/fx/symbol';
import styles from './RateBox.module.css';

interface RateBoxProps {
  /** The id prefix of the box's fields. */
  uid: string;
  /** The currency the amount is typed in (not the group's). */
  currency: string;
  groupCurrency: string;
  /** What was typed for the rate and for the amount in the group's currency (null: nothing). */
  rateText: string | null;
  convertedText: string | null;
  money: ConvertedAmount;
  state: RateState;
  decimal: '.' | ',';
  locale: string;
  /** The rate and converted-amount fields are shown. */
  open: boolean;
  onOpen(open: boolean): void;
  rateRef?: RefObject<HTMLInputElement | null>;
  /** The id of the form's error under the rate, when it shows one. */
  error?: string;
  onRate(text: string): void;
  onConverted(text: string): void;
}

/** The rate providers' names as shown (proper names, the same in every language). */
const PROVIDERS: Record<string, string> = { frankfurter: 'Frankfurter' };

/**
 * Issue 26, under an amount in another currency (an expense's or a settlement's): «45,00 € →
 * 4 218,75 ₽», the rate line («1 € = 93,75 ₽ · Frankfurter, 28.11») and, to edit it or when there
 * is none, the rate and the amount in the group's currency (typing either sets the other). The
 * plain rate-* classes are hooks for tests; the look is the module's.
 */
export function RateBox(props: RateBoxProps) {
  const { t } = useTranslation('fx');
  const format = useFormat();
  const { currency, money, state, groupCurrency, decimal, locale, uid } = props;
  const rate = typeof money.rate === 'object' && money.rate !== null ? money.rate : undefined;
  const number = (value: string, code: string, digits: number) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: digits,
      // The rate's exact decimal text: no float between it and what is shown.
    }).format(value as `${number}`);
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const rateLine = rate ? `${number('1', currency, 0)} = ${number(rate.rate, groupCurrency, 12)}` : '';
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
    props.rateText !== null ||
    props.convertedText !== null ||
    (money.rate === 'missing' && state.status !== 'loading');
  const converted =
    money.amountCents !== undefined && money.typedCents > 0
      ? `${format.money(money.typedCents, currency)} → ${format.money(money.amountCents, groupCurrency)}`
      : undefined;
  const rateValue = props.rateText ?? (rate ? rateText(rate.rate, decimal) : '');
  const convertedValue =
    props.convertedText ??
    (money.amountCents !== undefined && money.typedCents > 0
      ? formatCents(money.amountCents).replace(/\.00$/, '').replace('.', decimal)
      : '');
  const one = number('1', currency, 0);
  const groupSymbol = currencySymbol(locale, groupCurrency);

  return (
    <div className={`rate-box ${styles.box}`} id={`${uid}-rate-box`}>
      {converted ? (
        <p className={`rate-converted ${styles.converted}`} aria-live="polite">
          {converted}
        </p>
      ) : null}
      <p className={`rate-line muted ${styles.line}`}>
        {rate ? (
          <span>
            {rateLine}
            {source ? ` · ${source}` : ''}
          </span>
        ) : null}
        {status ? (
          <span className={money.rate === 'invalid' ? styles.warning : undefined}>{status}</span>
        ) : null}
        {showFields ? null : (
          <button
            type="button"
            className={`btn btn-ghost ${styles.edit}`}
            aria-expanded={false}
            aria-controls={`${uid}-rate-fields`}
            onClick={() => props.onOpen(true)}
          >
            {t('rateEdit')}
          </button>
        )}
      </p>
      {showFields ? (
        <div className={`rate-fields ${styles.fields}`} id={`${uid}-rate-fields`}>
          <div className={`field ${styles.field}`}>
            <label className="field-label" htmlFor={`${uid}-rate`}>
              {t('rateLabel')}
            </label>
            <div className={styles.rateInput}>
              <span className={styles.one} aria-hidden="true">
                {one} =
              </span>
              <Affix symbol={groupSymbol}>
                <input
                  ref={props.rateRef}
                  id={`${uid}-rate`}
                  className={`input ${styles.input}`}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={32}
                  placeholder="0"
                  aria-description={t('rateOf', { from: currency, to: groupCurrency })}
                  {...(props.error ? { 'aria-invalid': true, 'aria-describedby': props.error } : {})}
                  value={rateValue}
                  onChange={(e) => props.onRate(e.target.value)}
                />
              </Affix>
            </div>
          </div>
          <div className={`field ${styles.field}`}>
            <label className="field-label" htmlFor={`${uid}-converted`}>
              {t('convertedLabel', { currency: groupCurrency })}
            </label>
            <Affix symbol={groupSymbol}>
              <input
                id={`${uid}-converted`}
                className={`input ${styles.input}`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                maxLength={40}
                placeholder="0"
                value={convertedValue}
                onChange={(e) => props.onConverted(e.target.value)}
              />
            </Affix>
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

/** An input with the group's currency symbol inside its border. */
function Affix({ symbol, children }: { symbol: string; children: ReactNode }) {
  return (
    <div className={styles.affix}>
      {children}
      <span className={styles.affixText} aria-hidden="true">
        {symbol}
      </span>
    </div>
  );
}
