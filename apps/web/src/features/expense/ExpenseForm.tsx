import type { SnapshotItem } from '@dolya/domain';
import {
  type CSSProperties,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n';
import { useFormat } from '../../lib/format';
import type { RateState } from '../../lib/fx/foreign';
import { currencySymbol } from '../../lib/fx/symbol';
import { type CategoryLike, useCategoryName } from '../../ui/category';
import { AmountCurrency } from '../../ui/fx/AmountCurrency';
import { RateBox } from '../../ui/fx/RateBox';
import { HelpTip } from '../../ui/HelpTip';
import { CalendarIcon, NoteIcon, ReceiptIcon } from '../../ui/icons';
import { LazyCategoryIcon as CategoryIcon } from '../../ui/LazyCategoryIcon';
import { ShareStepper } from '../../ui/Stepper';
import { DateField } from './DateField';
import type { FormItem } from './items-model';
import {
  amountTooLarge,
  clampPercentText,
  clearMode,
  computeSplits,
  type ExpenseDraft,
  effectiveDraft,
  type FormMember,
  formatChipDate,
  ledger,
  type MissingField,
  missingFields,
  parseMoney,
  participantsOf,
  SPLIT_MODES,
  type SplitMode,
  splitByItems,
  switchMode,
  toDateInputValue,
  totalsStatus,
  withFetchedRate,
} from './model';
import { Positions } from './Positions';
import { RepeatChip } from './RepeatChip';
import { RepeatFields } from './RepeatFields';
import { isValidRule, REPEAT_OFF, startDay, toRecurrence } from './repeat';
import './expense.css';

export interface ExpenseFormProps {
  /** The <form> id, so a header button outside it can submit it. */
  formId: string;
  members: readonly FormMember[];
  currency: string;
  initial: ExpenseDraft;
  /** The split mode the edited expense was stored in; absent for a new expense. */
  originalMode?: SplitMode;
  busy?: boolean;
  /** Text of the submit button at the bottom; omitted on edit, where the header has a save icon. */
  submitLabel?: string;
  /** The item menu and adding positions: a group admin or the expense's creator (true for a new one). */
  canManageItems?: boolean;
  /** The positions as first recognised by the bot, for the current / original toggle. */
  snapshot?: readonly SnapshotItem[] | null;
  /** The currency `snapshot` is in: the one the expense was paid in (issue 26); absent, the group's. */
  snapshotCurrency?: string | undefined;
  /** Focus the name field on the first render (a new expense). */
  focusName?: boolean;
  /** Told whether the draft differs from `initial` (the edit page asks before leaving with changes). */
  onDirtyChange?(dirty: boolean): void;
  /** The group's categories (categories.list), in their order; empty while they load. */
  categories: readonly CategoryLike[];
  /**
   * Issue 26: the suggested rate of a currency on a day (the pages pass useFxRate, a hook; called
   * on every render). Without it no rate is suggested and the form asks for one.
   */
  useRate?: (query: { from: string; to: string; date: string } | null) => RateState;
  /** Other currencies the group's expenses were paid in, newest first: offered first. */
  usedCurrencies?: readonly string[];
  /** Issue 28: the group's time zone; given, an expense (not a settlement) offers the Repeat chip. */
  timeZone?: string;
  onSubmit(draft: ExpenseDraft): void;
}

type Field = MissingField;

const noRate = (): RateState => ({ status: 'unavailable' });
const SEVERAL = '__several__';

/** The new- and edit-expense form (spec §2): fields, date and notes chips, and the live split. */
export function ExpenseForm(props: ExpenseFormProps) {
  const { members, currency, originalMode, busy } = props;
  const { t, i18n } = useTranslation('expense');
  const format = useFormat();
  const categoryName = useCategoryName();
  const uid = useId();
  const [draft, setDraft] = useState(props.initial);
  const [attempted, setAttempted] = useState(false);
  const [dateOpen, setDateOpen] = useState(false);
  const [notesOpen, setNotesOpen] = useState(() => props.initial.notes !== '');
  const [positionsOpen, setPositionsOpen] = useState(() => props.initial.items.length > 0);
  const [repeatOpen, setRepeatOpen] = useState(false);
  const everyRef = useRef<HTMLInputElement>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    amount: useRef<HTMLInputElement>(null),
    payer: useRef<HTMLSelectElement>(null),
    recipient: useRef<HTMLSelectElement>(null),
    rate: useRef<HTMLInputElement>(null),
    payers: useRef<HTMLInputElement>(null),
  };
  const [rateOpen, setRateOpen] = useState(false);
  const dateRef = useRef<HTMLInputElement>(null);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const focusDate = useRef(false);
  const focusNotes = useRef(false);

  const dirty = draft !== props.initial;
  const onDirtyChange = props.onDirtyChange;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  // A new expense starts at its name (issue 27); an edit leaves focus where the page put it.
  useEffect(() => {
    if (props.focusName) refs.name.current?.focus();
  }, [props.focusName, refs.name]);
  useEffect(() => {
    if (dateOpen && focusDate.current) dateRef.current?.focus();
    focusDate.current = false;
  }, [dateOpen]);
  useEffect(() => {
    if (notesOpen && focusNotes.current) notesRef.current?.focus();
    focusNotes.current = false;
  }, [notesOpen]);

  const decimal = i18n.language === 'en' ? '.' : ',';
  // Once a position has someone on it, the positions decide the amount and each member's part.
  const byItems = splitByItems(draft);
  const counted = useMemo(() => effectiveDraft(draft, members, decimal), [draft, members, decimal]);
  // Issue 26: another currency asks the server for the day's rate (unless the stored one stands).
  const foreign = draft.currency !== '';
  const day = toDateInputValue(draft.date);
  const knownStands = draft.knownRate?.currency === draft.currency && draft.knownRate?.day === day;
  const rateState = (props.useRate ?? noRate)(
    foreign && !knownStands ? { from: draft.currency, to: currency, date: day } : null,
  );
  const fetched = rateState.status === 'ready' ? rateState.rate : undefined;
  // The money in the group's currency: the split rules read money.inGroup.
  const money = useMemo(() => ledger(counted, members, fetched), [counted, members, fetched]);
  const splits = useMemo(() => computeSplits(money.inGroup, members), [money, members]);
  // The totals line speaks the currency the amounts are typed in.
  const totals = useMemo(() => totalsStatus(counted, members), [counted, members]);
  const missing = attempted ? missingFields(counted, fetched) : [];
  const focusNobody = useRef(false);
  const [nobodyTold, setNobodyTold] = useState(0);
  useEffect(() => {
    if (nobodyTold > 0 && focusNobody.current) document.getElementById(`${uid}-nobody`)?.focus();
    focusNobody.current = false;
  }, [nobodyTold, uid]);
  // Nobody in the split (every share 0): said in the form, not only by the server's toast.
  const nobody =
    !counted.settlement && parseMoney(counted.amount) > 0 && participantsOf(counted, members).length === 0;
  const fmt = (cents: number) => format.money(cents, currency);
  const expenseCurrency = draft.currency || currency;
  const fmtTyped = (cents: number) => format.money(cents, expenseCurrency);
  const locale = LOCALES[i18n.language === 'en' ? 'en' : 'ru'];
  const percent = (hundredths: number) =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(hundredths / 10_000);
  const symbol = currencySymbol(locale, expenseCurrency);
  const memberName = (m: FormMember) =>
    m.isCurrentUser
      ? t('memberYou', { name: m.name })
      : m.removed
        ? t('memberRemoved', { name: m.name })
        : m.name;

  const update = (patch: Partial<ExpenseDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setValue = <K extends 'shares' | 'amounts' | 'percents'>(
    key: K,
    id: string,
    value: ExpenseDraft[K][string],
  ) => setDraft((d) => ({ ...d, [key]: { ...d[key], [id]: value } }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const absent = missingFields(counted, fetched);
    if (absent.length === 0 && nobody) {
      setAttempted(true);
      focusNobody.current = true;
      setNobodyTold((n) => n + 1);
      return;
    }
    if (absent.length > 0) {
      // Spec §5: the submit is ignored; we only point at what is missing.
      // Rendered at once, so a field that only shows with its error (the rate's) can take focus.
      flushSync(() => {
        setAttempted(true);
        if (absent.includes('rate')) setRateOpen(true);
      });
      const first = absent[0] as Field;
      refs[first].current?.focus();
      return;
    }
    const rule = repeats ? toRecurrence(draft.repeat) : null;
    if (rule && props.timeZone && !isValidRule(rule, startDay(draft.date, props.timeZone))) {
      flushSync(() => {
        setAttempted(true);
        setRepeatOpen(true);
      });
      everyRef.current?.focus();
      return;
    }
    props.onSubmit(withFetchedRate(draft, fetched));
  }

  const errorId = (field: Field) => `${uid}-${field}-error`;
  const fieldError = (field: Field, text: string) =>
    missing.includes(field) ? (
      <span className="field-error" id={errorId(field)}>
        {text}
      </span>
    ) : null;
  const invalid = (field: Field) =>
    missing.includes(field) ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {};

  const others = members.filter((m) => m.id !== draft.payerId && !m.removed);
  const setItems = (items: FormItem[]) => setDraft((d) => ({ ...d, items }));
  const recipient = members.find((m) => m.id === draft.recipientId);
  // Issue 28: an expense repeats when the group's time zone is known; a settlement never does.
  const timeZone = draft.settlement ? undefined : props.timeZone;
  const repeats = timeZone !== undefined && !!draft.repeat?.on;
  const repeat = draft.repeat ?? REPEAT_OFF;
  const setRepeat = (patch: Partial<typeof repeat>) =>
    setDraft((d) => ({ ...d, repeat: { ...(d.repeat ?? REPEAT_OFF), ...patch } }));

  return (
    <form id={props.formId} className="expense-form" onSubmit={submit} noValidate>
      <div className="card expense-card expense-main">
        {draft.settlement ? null : (
          <div className="field expense-field">
            <label className="field-label" htmlFor={`${uid}-name`}>
              {t('name')}
            </label>
            <input
              ref={refs.name}
              id={`${uid}-name`}
              className="input expense-input"
              value={draft.name}
              placeholder={t('namePlaceholder')}
              maxLength={200}
              autoComplete="off"
              aria-required="true"
              {...invalid('name')}
              onChange={(e) => update({ name: e.target.value })}
            />
            {fieldError('name', t('required'))}
          </div>
        )}

        <div className="field expense-field">
          <label className="field-label" htmlFor={`${uid}-amount`}>
            {t('amount')}
          </label>
          <div className="expense-amount-row">
            <div className="input-affix" style={{ '--affix-width': `${symbol.length}ch` } as CSSProperties}>
              <input
                ref={refs.amount}
                id={`${uid}-amount`}
                className="input expense-input expense-amount"
                type="text"
                inputMode="decimal"
                value={counted.amount}
                placeholder="0"
                maxLength={40}
                autoComplete="off"
                aria-required="true"
                readOnly={byItems}
                {...invalid('amount')}
                {...(byItems ? { 'aria-describedby': `${uid}-amount-note` } : {})}
                onChange={(e) => update({ amount: e.target.value })}
              />
              <span className="input-affix-text" aria-hidden="true">
                {symbol}
              </span>
            </div>
            <AmountCurrency
              value={expenseCurrency}
              groupCurrency={currency}
              usedCurrencies={props.usedCurrencies}
              onChange={(code) => {
                setRateOpen(false);
                update({ currency: code === currency ? '' : code, rateText: null, convertedText: null });
              }}
            />
          </div>
          {foreign ? (
            <RateBox
              uid={uid}
              currency={draft.currency}
              rateText={draft.rateText}
              convertedText={draft.convertedText}
              money={money}
              state={rateState}
              groupCurrency={currency}
              decimal={decimal}
              locale={locale}
              open={rateOpen || missing.includes('rate')}
              onOpen={setRateOpen}
              rateRef={refs.rate}
              error={missing.includes('rate') ? errorId('rate') : undefined}
              onRate={(text) => update({ rateText: text, convertedText: null })}
              onConverted={(text) => update({ convertedText: text, rateText: null })}
            />
          ) : null}
          {byItems ? (
            <span className="field-note muted" id={`${uid}-amount-note`}>
              {t('amountFromItems')}
            </span>
          ) : null}
          {fieldError('amount', amountTooLarge(counted.amount) ? t('amountTooLarge') : t('amountRequired'))}
        </div>

        <div className="field expense-field">
          <label className="field-label" htmlFor={`${uid}-payer`}>
            {t('payer')}
          </label>
          <select
            ref={refs.payer}
            id={`${uid}-payer`}
            className="input expense-input"
            value={draft.severalPayers && !draft.settlement ? SEVERAL : draft.payerId}
            disabled={draft.settlement}
            aria-required="true"
            {...invalid('payer')}
            onChange={(e) =>
              e.target.value === SEVERAL
                ? update({ severalPayers: true })
                : update({ severalPayers: false, payerId: e.target.value })
            }
          >
            {draft.payerId === '' ? <option value="">{t('chooseMember')}</option> : null}
            {members
              .filter((m) => !m.removed || m.id === draft.payerId)
              .map((m) => (
                <option key={m.id} value={m.id}>
                  {memberName(m)}
                </option>
              ))}
            {draft.settlement ? null : <option value={SEVERAL}>{t('payersSeveral')}</option>}
          </select>
          {fieldError('payer', t('required'))}
          {money.severalPayers ? (
            <fieldset className="expense-payers">
              <legend className="expense-payers-title">{t('payersTitle')}</legend>
              <ul className="split-list">
                {members
                  .filter((m) => !m.removed || parseMoney(draft.payerAmounts[m.id] ?? '') > 0)
                  .map((m, index) => {
                    const name = memberName(m);
                    const paid = money.payers?.find((p) => p.memberId === m.id)?.amountCents ?? 0;
                    return (
                      <SplitRow key={m.id} name={name} result={fmt(paid)} active={paid > 0}>
                        <div className="split-input">
                          <input
                            ref={index === 0 ? refs.payers : undefined}
                            className="input expense-input"
                            type="text"
                            inputMode="decimal"
                            autoComplete="off"
                            maxLength={40}
                            placeholder="0"
                            aria-label={t('payerAmountOf', { name })}
                            {...(missing.includes('payers')
                              ? { 'aria-invalid': true, 'aria-describedby': errorId('payers') }
                              : {})}
                            value={draft.payerAmounts[m.id] ?? ''}
                            onChange={(e) =>
                              setDraft((d) => ({
                                ...d,
                                payerAmounts: { ...d.payerAmounts, [m.id]: e.target.value },
                              }))
                            }
                          />
                        </div>
                      </SplitRow>
                    );
                  })}
              </ul>
              <div
                className={money.payersLeft === 0 ? 'split-totals' : 'split-totals is-warning'}
                aria-live="polite"
              >
                <span>
                  {money.payersLeft === 0
                    ? // «Вся сумма распределена: Оля 700,00 ₽, Паша 300,00 ₽», in the group's currency.
                      `${t('payersDone')}: ${(money.payers ?? [])
                        .map(
                          (p) =>
                            `${members.find((m) => m.id === p.memberId)?.name ?? '?'} ${fmt(p.amountCents)}`,
                        )
                        .join(', ')}`
                    : money.payersLeft > 0
                      ? t('payersLeft', { amount: fmtTyped(money.payersLeft) })
                      : t('payersOver', { amount: fmtTyped(-money.payersLeft) })}
                </span>
              </div>
              {fieldError('payers', t('payersRequired'))}
            </fieldset>
          ) : null}
        </div>

        {draft.settlement ? null : (
          <div className="field expense-field">
            <label className="field-label" htmlFor={`${uid}-category`}>
              {t('category')}
            </label>
            <div className="expense-category">
              <span className="expense-category-icon" aria-hidden="true">
                <CategoryIcon id={draft.categoryId || null} />
              </span>
              <select
                id={`${uid}-category`}
                className="input expense-input"
                value={draft.categoryId}
                onChange={(e) => update({ categoryId: e.target.value })}
              >
                {draft.categoryId === '' ? <option value="">{categoryName(null)}</option> : null}
                {props.categories.some((c) => c.id === draft.categoryId) || draft.categoryId === '' ? null : (
                  <option value={draft.categoryId}>{categoryName({ id: draft.categoryId })}</option>
                )}
                {props.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {categoryName(c)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}

        <div className="chips">
          <button
            type="button"
            className="chip"
            aria-expanded={dateOpen}
            aria-controls={`${uid}-date-field`}
            aria-label={t('dateChip', { date: formatChipDate(draft.date) })}
            onClick={() => {
              focusDate.current = !dateOpen;
              setDateOpen(!dateOpen);
            }}
          >
            <CalendarIcon size={16} />
            {formatChipDate(draft.date)}
          </button>
          <button
            type="button"
            className={draft.notes.trim() ? 'chip chip-filled' : 'chip'}
            aria-expanded={notesOpen}
            aria-controls={`${uid}-notes-field`}
            onClick={() => {
              focusNotes.current = !notesOpen;
              setNotesOpen(!notesOpen);
            }}
          >
            <NoteIcon size={16} />
            {t('addNotes')}
          </button>
          {draft.settlement ? null : (
            <button
              type="button"
              className={draft.items.length > 0 ? 'chip chip-filled' : 'chip'}
              aria-expanded={positionsOpen}
              aria-controls={`${uid}-positions`}
              aria-label={t('positionsCount', { count: draft.items.length })}
              onClick={() => setPositionsOpen(!positionsOpen)}
            >
              <ReceiptIcon size={16} />
              {t('positions')}
              {draft.items.length > 0 ? (
                <span className="chip-count" aria-hidden="true">
                  {draft.items.length}
                </span>
              ) : null}
            </button>
          )}
          {timeZone === undefined ? null : (
            <RepeatChip
              controls={`${uid}-repeat`}
              value={repeat}
              open={repeatOpen}
              onClick={() => {
                if (!repeatOpen && !repeat.on) setRepeat({ on: true });
                setRepeatOpen(!repeatOpen);
              }}
            />
          )}
        </div>

        {dateOpen ? (
          <div className="field expense-field chip-field" id={`${uid}-date-field`}>
            <label className="field-label" htmlFor={`${uid}-date`}>
              {t('date')}
            </label>
            <DateField
              id={`${uid}-date`}
              inputRef={dateRef}
              value={draft.date}
              onChange={(date) => update({ date })}
            />
          </div>
        ) : null}
        {repeatOpen && timeZone !== undefined ? (
          <RepeatFields
            id={`${uid}-repeat`}
            value={repeat}
            start={startDay(draft.date, timeZone)}
            timeZone={timeZone}
            invalid={
              attempted && repeats && !isValidRule(toRecurrence(repeat)!, startDay(draft.date, timeZone))
            }
            everyRef={everyRef}
            onChange={setRepeat}
          />
        ) : null}
        {notesOpen ? (
          <div className="field expense-field chip-field" id={`${uid}-notes-field`}>
            <label className="field-label" htmlFor={`${uid}-notes`}>
              {t('notes')}
            </label>
            <textarea
              ref={notesRef}
              id={`${uid}-notes`}
              className="input expense-input"
              rows={3}
              maxLength={5000}
              value={draft.notes}
              placeholder={t('notesPlaceholder')}
              onChange={(e) => update({ notes: e.target.value })}
            />
          </div>
        ) : null}
      </div>

      {positionsOpen && !draft.settlement ? (
        <Positions
          id={`${uid}-positions`}
          items={draft.items}
          onChange={setItems}
          members={members}
          memberName={memberName}
          currency={expenseCurrency}
          canManage={props.canManageItems ?? true}
          snapshot={props.snapshot}
          snapshotCurrency={props.snapshotCurrency ?? currency}
        />
      ) : null}

      <section className="card expense-card expense-split" aria-labelledby={`${uid}-split-title`}>
        <div className="split-head">
          <h2 className="split-title" id={`${uid}-split-title`}>
            {draft.settlement ? t('settlementToTitle') : t('splitTitle')}
          </h2>
          {/* A settlement has one way to split (all to the recipient): no modes to show (issue 27). */}
          {draft.settlement ? null : <ModeHelp mode={counted.mode} />}
          {draft.settlement || byItems ? null : (
            <button
              type="button"
              className="btn btn-ghost split-clear"
              aria-label={t('clearLabel')}
              onClick={() => setDraft(clearMode)}
            >
              {t('clear')}
            </button>
          )}
        </div>
        {draft.settlement ? null : (
          <ModeToggle
            mode={counted.mode}
            onlyAmounts={byItems}
            onChange={(mode) => setDraft((d) => switchMode(d, mode, originalMode, members, decimal))}
          />
        )}
        {byItems ? <p className="split-note muted">{t('splitByItems')}</p> : null}
        {foreign && !draft.settlement && counted.mode === 'amounts' ? (
          <p className="split-note muted">
            {t('amountsInCurrency', { from: expenseCurrency, to: currency })}
          </p>
        ) : null}
        {attempted && nobody ? (
          <p className="field-error split-nobody" id={`${uid}-nobody`} role="alert" tabIndex={-1}>
            {t('nobodyInSplit')}
          </p>
        ) : null}

        {draft.settlement ? (
          <>
            <div className="field expense-field">
              <label className="field-label" htmlFor={`${uid}-recipient`}>
                {t('recipient')}
              </label>
              <select
                ref={refs.recipient}
                id={`${uid}-recipient`}
                className="input expense-input"
                value={draft.recipientId}
                aria-required="true"
                {...invalid('recipient')}
                onChange={(e) => update({ recipientId: e.target.value })}
              >
                {others.some((m) => m.id === draft.recipientId) ? null : (
                  <option value="">{t('chooseMember')}</option>
                )}
                {others.map((m) => (
                  <option key={m.id} value={m.id}>
                    {memberName(m)}
                  </option>
                ))}
              </select>
              {fieldError('recipient', t('recipientRequired'))}
            </div>
            <p className="split-note muted">{t('settlementSplit')}</p>
            {recipient ? (
              <ul className="split-list">
                <SplitRow name={memberName(recipient)} result={fmt(splits[recipient.id] ?? 0)} active>
                  <span className="muted">{t('recipientGets')}</span>
                </SplitRow>
              </ul>
            ) : null}
          </>
        ) : (
          <ul className="split-list">
            {members.map((m) => {
              const name = memberName(m);
              const cents = splits[m.id] ?? 0;
              return (
                <SplitRow key={m.id} name={name} result={fmt(cents)} active={cents > 0}>
                  {counted.mode === 'shares' ? (
                    <ShareStepper
                      inputId={`${uid}-share-${m.id}`}
                      name={name}
                      value={draft.shares[m.id] ?? 0}
                      onChange={(v) => setValue('shares', m.id, v)}
                    />
                  ) : counted.mode === 'amounts' ? (
                    <div className="split-input">
                      <input
                        className="input expense-input"
                        type="text"
                        inputMode="decimal"
                        autoComplete="off"
                        maxLength={40}
                        placeholder="0"
                        aria-label={t('amountOf', { name })}
                        readOnly={byItems}
                        value={counted.amounts[m.id] ?? ''}
                        onChange={(e) => setValue('amounts', m.id, e.target.value)}
                      />
                    </div>
                  ) : (
                    <div className="input-affix split-input split-input-percent">
                      <input
                        className="input expense-input"
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={100}
                        step="any"
                        placeholder="0"
                        aria-label={t('percentOf', { name })}
                        value={draft.percents[m.id] ?? ''}
                        onChange={(e) => setValue('percents', m.id, clampPercentText(e.target.value))}
                      />
                      <span className="input-affix-text" aria-hidden="true">
                        %
                      </span>
                    </div>
                  )}
                </SplitRow>
              );
            })}
          </ul>
        )}

        {draft.settlement ? null : (
          <div className={totals.good ? 'split-totals' : 'split-totals is-warning'} aria-live="polite">
            <span>
              {totals.mode === 'shares'
                ? t('totalShares', { count: totals.totalShares })
                : totals.mode === 'amounts'
                  ? t('allocated', { allocated: fmtTyped(totals.allocated), amount: fmtTyped(totals.amount) })
                  : t('percentTotal', { total: percent(totals.total), full: percent(10_000) })}
              {totals.mode === 'amounts' && !totals.good
                ? ` · ${totals.left > 0 ? t('left', { amount: fmtTyped(totals.left) }) : t('over', { amount: fmtTyped(-totals.left) })}`
                : null}
            </span>
            {totals.good ? null : (
              <strong className="split-warning" role="status">
                {t('notAllocated')}
              </strong>
            )}
          </div>
        )}
      </section>

      {props.submitLabel ? (
        <button type="submit" className="btn btn-primary btn-block expense-submit" disabled={busy}>
          {props.submitLabel}
        </button>
      ) : null}
    </form>
  );
}

function SplitRow(props: { name: string; result: string; active: boolean; children: ReactNode }) {
  const { t } = useTranslation('expense');
  return (
    <li className="split-row">
      <span className="split-name">{props.name}</span>
      <span className="split-control">{props.children}</span>
      <span
        className={props.active ? 'split-result' : 'split-result split-result-idle muted'}
        title={t('resultOf')}
      >
        {props.result}
      </span>
    </li>
  );
}

const MODE_LABEL = {
  shares: 'modeShares',
  amounts: 'modeAmounts',
  percentages: 'modePercentages',
} as const;

/** Shares / amounts / % as native radios styled as a segmented control: arrows move and select. */
/** `onlyAmounts`: a settlement, or an expense split by its positions (spec §4). */
function ModeToggle(props: { mode: SplitMode; onlyAmounts: boolean; onChange(mode: SplitMode): void }) {
  const { t } = useTranslation('expense');
  const name = useId();
  return (
    <div className="segmented" role="radiogroup" aria-label={t('splitMode')}>
      {SPLIT_MODES.map((mode) => (
        <label key={mode} className="segmented-option">
          <input
            type="radio"
            className="segmented-radio"
            name={name}
            value={mode}
            checked={mode === props.mode}
            disabled={props.onlyAmounts && mode !== 'amounts'}
            onChange={() => props.onChange(mode)}
          />
          <span>{t(MODE_LABEL[mode])}</span>
        </label>
      ))}
    </div>
  );
}

const HELP = {
  shares: ['helpSharesLabel', 'helpShares'],
  amounts: ['helpAmountsLabel', 'helpAmounts'],
  percentages: ['helpPercentagesLabel', 'helpPercentages'],
} as const;

function ModeHelp({ mode }: { mode: SplitMode }) {
  const { t } = useTranslation('expense');
  const [label, text] = HELP[mode];
  return <HelpTip label={t(label)}>{t(text)}</HelpTip>;
}
