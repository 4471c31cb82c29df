import { type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon } from '../../ui/icons';
import { formatChipDate, fromDateInputValue, parseChipDate, toDateInputValue } from './model';

interface DateFieldProps {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The expense date as an ISO timestamp. */
  value: string;
  onChange(iso: string): void;
}

/**
 * The expense date written as DD.MM.YYYY, like its chip, in both languages (spec §2). A native
 * <input type="date"> shows the browser's own format (11/23/2026 in an English browser), so it
 * only serves as the calendar behind the button.
 */
export function DateField({ id, inputRef, value, onChange }: DateFieldProps) {
  const { t } = useTranslation('expense');
  const [text, setText] = useState(() => formatChipDate(value));
  const picker = useRef<HTMLInputElement>(null);
  const parsed = parseChipDate(text);

  // A date set elsewhere (the calendar, a reset) replaces what is typed unless it is the same day.
  useEffect(() => {
    setText((current) => {
      const typed = parseChipDate(current);
      return typed && formatChipDate(typed) === formatChipDate(value) ? current : formatChipDate(value);
    });
  }, [value]);

  return (
    <div className="date-field">
      <input
        ref={inputRef}
        id={id}
        className="input expense-input"
        type="text"
        // Digits with a separator key (numeric has none on iOS); a comma is read as a dot.
        inputMode="decimal"
        autoComplete="off"
        maxLength={10}
        placeholder={t('datePlaceholder')}
        value={text}
        aria-invalid={parsed ? undefined : true}
        onChange={(e) => {
          setText(e.target.value);
          const iso = parseChipDate(e.target.value);
          if (iso) onChange(iso);
        }}
      />
      <button
        type="button"
        className="icon-btn date-field-calendar"
        aria-label={t('openCalendar')}
        onClick={() => openPicker(picker.current)}
      >
        <CalendarIcon size={18} />
      </button>
      <input
        ref={picker}
        className="date-field-native"
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={toDateInputValue(value)}
        onChange={(e) => {
          const iso = fromDateInputValue(e.target.value);
          if (iso) onChange(iso);
        }}
      />
    </div>
  );
}

/** The browser's calendar for the hidden date input; where showPicker is missing or refused, a click. */
function openPicker(input: HTMLInputElement | null) {
  if (!input) return;
  try {
    if (typeof input.showPicker === 'function') {
      input.showPicker();
      return;
    }
  } catch {
    // Not allowed here (e.g. in a cross-origin frame): fall back to a click.
  }
  input.click();
}
