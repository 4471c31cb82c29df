import { type RecurrenceUnit, recurrenceUnits } from '@dolya/domain';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n';
import { formatDay } from '../../ui/series-text';
import { nextDates, type RepeatDraft, type RepeatEnd, toRecurrence } from './repeat';

interface RepeatFieldsProps {
  id: string;
  value: RepeatDraft;
  /** The series' first day, in the group's time zone. */
  start: string;
  timeZone: string;
  /** The rule does not hold (shown after a save was tried). */
  invalid: boolean;
  everyRef?: Ref<HTMLInputElement>;
  onChange(patch: Partial<RepeatDraft>): void;
}

const ENDS: readonly RepeatEnd[] = ['never', 'until', 'count'];
const END_LABEL = { never: 'endNever', until: 'endUntil', count: 'endCount' } as const;

/** The Repeat chip's panel (issue 28): every N units, how it ends, and the next three days. */
export function RepeatFields({ id, value, start, timeZone, invalid, everyRef, onChange }: RepeatFieldsProps) {
  const { t } = useTranslation('recurring');
  return (
    <fieldset className="field expense-field chip-field repeat-fields" id={id}>
      <legend className="field-label">{t('legend')}</legend>
      <label className="repeat-switch">
        <input type="checkbox" checked={value.on} onChange={(e) => onChange({ on: e.target.checked })} />
        <span>{t('repeat')}</span>
      </label>
      {value.on ? <RuleFields {...{ id, value, start, invalid, everyRef, onChange }} /> : null}
      <p className="field-note muted">{t('timeZoneNote', { zone: timeZone })}</p>
    </fieldset>
  );
}

function RuleFields({ id, value, start, invalid, everyRef, onChange }: Omit<RepeatFieldsProps, 'timeZone'>) {
  const { t, i18n } = useTranslation('recurring');
  const locale = LOCALES[i18n.language === 'en' ? 'en' : 'ru'];
  const rule = toRecurrence(value);
  const usable =
    rule !== null &&
    Number.isInteger(rule.every) &&
    rule.every >= 1 &&
    rule.every <= 1000 &&
    (rule.count === null || (Number.isInteger(rule.count) && (rule.count ?? 0) >= 1));
  const dates = usable && rule ? nextDates(start, rule) : [];
  const thisYear = Number(start.slice(0, 4));
  const errorId = `${id}-error`;
  const count = Number(value.every) || 1;

  return (
    <>
      <div className="repeat-row">
        <label className="repeat-label" htmlFor={`${id}-every`}>
          {t('every')}
        </label>
        <input
          ref={everyRef}
          id={`${id}-every`}
          className="input expense-input repeat-every"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={value.every}
          {...(invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
          onChange={(e) => onChange({ every: e.target.value })}
        />
        <select
          className="input expense-input repeat-unit"
          aria-label={t('unit')}
          value={value.unit}
          onChange={(e) => onChange({ unit: e.target.value as RecurrenceUnit })}
        >
          {recurrenceUnits.map((unit) => (
            <option key={unit} value={unit}>
              {t(`unitName_${unit}`, { count })}
            </option>
          ))}
        </select>
      </div>
      <div className="segmented repeat-end" role="radiogroup" aria-label={t('end')}>
        {ENDS.map((end) => (
          <label key={end} className="segmented-option">
            <input
              type="radio"
              className="segmented-radio"
              name={`${id}-end`}
              value={end}
              checked={value.end === end}
              onChange={() => onChange({ end })}
            />
            <span>{t(END_LABEL[end])}</span>
          </label>
        ))}
      </div>
      {value.end === 'until' ? (
        <div className="repeat-row">
          <label className="repeat-label" htmlFor={`${id}-until`}>
            {t('untilDate')}
          </label>
          <input
            id={`${id}-until`}
            className="input expense-input"
            type="date"
            min={start}
            value={value.until}
            {...(invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
            onChange={(e) => onChange({ until: e.target.value })}
          />
        </div>
      ) : null}
      {value.end === 'count' ? (
        <div className="repeat-row">
          <label className="repeat-label" htmlFor={`${id}-count`}>
            {t('count')}
          </label>
          <input
            id={`${id}-count`}
            className="input expense-input repeat-every"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            value={value.count}
            {...(invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
            onChange={(e) => onChange({ count: e.target.value })}
          />
        </div>
      ) : null}
      <p className="field-note muted repeat-next" aria-live="polite">
        {dates.length > 0
          ? t('next', { dates: dates.map((d) => formatDay(d, locale, thisYear)).join(', ') })
          : usable
            ? t('ends')
            : null}
      </p>
      {invalid ? (
        <span className="field-error" id={errorId}>
          {t('invalid')}
        </span>
      ) : null}
    </>
  );
}
