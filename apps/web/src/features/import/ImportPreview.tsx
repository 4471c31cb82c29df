import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../lib/api-types';
import { useFormat } from '../../lib/format';

export type Preview = Extract<RouterOutputs['imports']['run'], { dryRun: true }>['preview'];

/** A person's seat choice: a member id, "me", or "" for a new member. */
export type Mapping = Record<string, string>;

interface Props {
  preview: Preview;
  /** Existing group's seats, or none for a new group (then only "me" or a new member). */
  mapping: Mapping;
  onMap: (key: string, target: string) => void;
  rates: Record<string, string>;
  onRate: (currency: string, rate: string) => void;
  /** Currencies the server found no rate for (the preview's, or a refused import's). */
  needRate: readonly string[];
  /** An import was refused for want of those rates: their fields show the error, not a hint. */
  rateRefused?: boolean;
}

/** What the file holds and where each person lands; the rate fields of foreign currencies. */
export function ImportPreview({ preview, mapping, onMap, rates, onRate, needRate, rateRefused }: Props) {
  const { t } = useTranslation('imports');
  const format = useFormat();
  const seats = preview.members.length > 0 ? preview.members : [];
  const missing = (currency: string) => needRate.includes(currency) && !rates[currency]?.trim();
  const nameOf = (key: string) => preview.people.find((p) => p.key === key)?.name ?? key;
  return (
    <>
      <div className="card import-summary">
        <p>{t('rows', { expenses: preview.expenseCount, settlements: preview.settlementCount })}</p>
        {preview.dateRange ? (
          <p className="muted">
            {t('dates', {
              from: format.date(`${preview.dateRange.from}T12:00:00Z`),
              to: format.date(`${preview.dateRange.to}T12:00:00Z`),
            })}
          </p>
        ) : null}
        {preview.alreadyImported ? (
          <p className="warning" role="alert">
            {t('alreadyImported')}
          </p>
        ) : null}
      </div>

      <h2 className="section-title import-section-title">{t('people')}</h2>
      <p className="muted import-section-hint">{t('peopleHint')}</p>
      <ul className="list import-people">
        {preview.people.map((person) => (
          <li key={person.key} className="import-person">
            <div className="import-person-head">
              <span className="import-person-name">{person.name}</span>
              <span className="import-person-balance">
                {person.balances.length === 0
                  ? t('settled')
                  : person.balances.map((b) => (
                      <span key={b.currency} className={b.cents < 0 ? 'negative' : 'positive'}>
                        {format.money(b.cents, b.currency)}
                      </span>
                    ))}
              </span>
            </div>
            <div className="import-map">
              <select
                className="input"
                value={mapping[person.key] ?? ''}
                aria-label={`${t('mapTo')}: ${person.name}`}
                onChange={(event) => onMap(person.key, event.target.value)}
              >
                <option value="">{t('newMember')}</option>
                {seats.length === 0 ? <option value="me">{t('me')}</option> : null}
                {seats.map((seat) => (
                  <option key={seat.id} value={seat.id}>
                    {seat.isMe ? `${seat.name} (${t('me')})` : seat.name}
                  </option>
                ))}
              </select>
            </div>
          </li>
        ))}
      </ul>

      <h2 className="section-title import-section-title">{t('currencies')}</h2>
      <ul className="list import-currencies">
        {preview.currencies.map((c) => (
          <li key={c.currency} className="import-currency">
            <span className="import-currency-head">
              <span className="currency-code">{c.currency}</span>{' '}
              <span className="muted">{t('currencyRows', { count: c.rows })}</span>
            </span>
            {c.foreign ? (
              <label className="field import-rate">
                <span className="field-label">
                  {t('rateFor', { currency: c.currency, group: preview.groupCurrency })}
                </span>
                <input
                  className="input"
                  inputMode="decimal"
                  value={rates[c.currency] ?? ''}
                  aria-invalid={rateRefused && missing(c.currency) ? true : undefined}
                  onChange={(event) => onRate(c.currency, event.target.value)}
                />
                <span className={rateRefused && missing(c.currency) ? 'field-error' : 'field-hint'}>
                  {missing(c.currency)
                    ? t('rateNeeded')
                    : t('rateHint', { currency: c.currency, group: preview.groupCurrency })}
                </span>
              </label>
            ) : null}
          </li>
        ))}
      </ul>

      {preview.problems.length > 0 ? (
        <div className="card import-problems" role="alert">
          <h2 className="section-title">{t('problems')}</h2>
          <ul>
            {preview.problems.map((problem) => (
              <li key={`${problem.line}-${problem.code}`}>
                {t('problemLine', { line: problem.line, why: t(`why_${problem.code}`) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.skippedLines.length > 0 ? (
        <p className="muted">{t('skipped', { lines: preview.skippedLines.join(', ') })}</p>
      ) : null}
      {preview.totalsDifferences.length > 0 ? (
        <p className="warning">
          {t('totalsDiffer', {
            names: [...new Set(preview.totalsDifferences.map((d) => nameOf(d.key)))].join(', '),
          })}
        </p>
      ) : null}
    </>
  );
}
