import { type Currency, findCurrency, searchCurrencies } from '@dolya/domain';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './CurrencyPicker.css';

interface CurrencyPickerProps {
  /** Selected ISO code, e.g. 'RUB'. */
  value: string;
  onChange(code: string): void;
  /** Visible label text; also names the button and the list. */
  label: string;
  disabled?: boolean;
  /**
   * Sections shown first while nothing is searched (issue 26: the group's currency, then the ones
   * the group used), each under its title; the whole list follows under `allLabel`.
   */
  pinned?: readonly { title: string; codes: readonly string[] }[];
  allLabel?: string;
  /** A small button showing the code only, beside another field; the label is for screen readers. */
  compact?: boolean;
}

/** The currency's name in the interface language. */
export function currencyName(currency: Currency, language: string): string {
  return language === 'en' ? currency.nameEn : currency.nameRu;
}

/**
 * A button showing the selected code and name that opens a searchable list (spec §9: the spec's
 * order, at most 260 px high). The search box is a combobox driving a listbox through
 * aria-activedescendant: arrows move, Enter picks, Escape closes and returns to the button.
 */
export function CurrencyPicker({
  value,
  onChange,
  label,
  disabled,
  pinned,
  allLabel,
  compact,
}: CurrencyPickerProps) {
  const { t, i18n } = useTranslation('groups');
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-opt-${index}`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // With pinned sections and no query: their currencies first, then the whole list (a code may be
  // in both; its options get distinct ids by position).
  const sections = useMemo(() => {
    // Nothing to list while closed (the expense form renders the button on every keystroke).
    if (!open) return [];
    const all = searchCurrencies(query);
    if (query.trim() !== '' || !pinned) return [{ title: undefined, list: all }];
    const pinnedSections = pinned
      .map((section) => ({
        title: section.title,
        list: section.codes.map((code) => findCurrency(code)).filter((c): c is Currency => !!c),
      }))
      .filter((section) => section.list.length > 0);
    return [...pinnedSections, { title: allLabel, list: all }];
  }, [open, query, pinned, allLabel]);
  const results = useMemo(() => sections.flatMap((section) => section.list), [sections]);
  const selected = findCurrency(value);
  const activeCode = results[active]?.code;
  const activeId = activeCode ? optionId(active) : undefined;

  function openList() {
    if (disabled) return;
    setQuery('');
    const index = pinned ? 0 : searchCurrencies('').findIndex((c) => c.code === value);
    setActive(Math.max(index, 0));
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function pick(code: string) {
    onChange(code);
    close(true);
  }

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Keep the active option visible while moving with the keyboard.
  useEffect(() => {
    if (!open || !activeId) return;
    const element = document.getElementById(activeId);
    element?.scrollIntoView?.({ block: 'nearest' });
  });

  // A click or tap outside closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = results.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => Math.min(i + 1, last));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
        break;
      case 'PageDown':
        event.preventDefault();
        setActive((i) => Math.min(i + 8, last));
        break;
      case 'PageUp':
        event.preventDefault();
        setActive((i) => Math.max(i - 8, 0));
        break;
      case 'Enter':
        // Never submits the surrounding form.
        event.preventDefault();
        if (activeCode) pick(activeCode);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
    }
  }

  return (
    <div className={compact ? 'currency-picker currency-picker-compact' : 'currency-picker'} ref={rootRef}>
      <span className={compact ? 'visually-hidden' : 'field-label'} id={labelId}>
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className={compact ? 'currency-button currency-button-compact' : 'input currency-button'}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${id}-value`}
        disabled={disabled}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onButtonKeyDown}
      >
        <span id={`${id}-value`} className="currency-value">
          <span className="currency-code">{value}</span>
          {selected && !compact ? (
            <span className="currency-name">{currencyName(selected, i18n.language)}</span>
          ) : null}
        </span>
        <span className="currency-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div className="currency-panel">
          <input
            ref={inputRef}
            className="input currency-search"
            type="text"
            role="combobox"
            aria-label={t('currencySearch')}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            placeholder={t('currencySearchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKeyDown}
            onBlur={(event) => {
              // Tabbing out of the picker closes the list.
              if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
            }}
          />
          <div
            id={listId}
            className="currency-list"
            role="listbox"
            aria-labelledby={labelId}
            // Keeps focus in the search box when the list or its scrollbar is pressed.
            onMouseDown={(event) => event.preventDefault()}
          >
            {sections.map((section, sectionIndex) => {
              const offset = sections.slice(0, sectionIndex).reduce((n, s) => n + s.list.length, 0);
              return (
                // biome-ignore lint/a11y/useSemanticElements: a listbox's sections are groups of options, not fieldsets
                <div key={section.title ?? 'all'} role="group" aria-label={section.title}>
                  {section.title ? (
                    <div className="currency-section" aria-hidden="true">
                      {section.title}
                    </div>
                  ) : null}
                  {section.list.map((currency, at) => {
                    const index = offset + at;
                    return (
                      // The keyboard works through the search combobox (aria-activedescendant), so
                      // options take no focus of their own.
                      // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the combobox
                      <div
                        key={currency.code}
                        id={optionId(index)}
                        role="option"
                        tabIndex={-1}
                        aria-selected={index === active}
                        data-chosen={currency.code === value ? 'true' : undefined}
                        className="currency-option"
                        onPointerMove={() => setActive(index)}
                        onClick={() => pick(currency.code)}
                      >
                        <span className="currency-code">{currency.code}</span>
                        <span className="currency-name">{currencyName(currency, i18n.language)}</span>
                        {currency.code === value ? (
                          <span className="currency-check" aria-hidden="true">
                            ✓
                          </span>
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
          {results.length === 0 ? (
            <p className="currency-empty muted" role="status">
              {t('currencyNotFound')}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
