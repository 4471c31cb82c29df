import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n';
import type { Debt } from '../../lib/api-types';
import { afterExpenseSaved } from '../../lib/expense-cache';
import { convertAmount, type ForeignAmount, localDay } from '../../lib/fx/foreign';
import { usedCurrencies, useFxRate } from '../../lib/fx/rates';
import { useIdempotencyKey } from '../../lib/idempotency';
import { discardWrite, queueWrite } from '../../lib/outbox';
import { haptic } from '../../lib/telegram/haptics';
import { submitForm, useMainButton } from '../../lib/telegram/useMainButton';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { AmountCurrency } from '../../ui/fx/AmountCurrency';
import { RateBox } from '../../ui/fx/RateBox';
import { canSubmitSettlement, changeSettleUp, initialSettleUp, type SettleUpChoice } from './money';
import styles from './SettleUpForm.module.css';

interface SettleUpFormProps {
  groupId: string;
  currency: string;
  me: string;
  debts: Debt[];
  options: { id: string; name: string }[];
  /** A debt line's settle button: this payer and recipient, with their debt as the amount. */
  preset?: { from: string; to: string } | null;
  /**
   * A payment queued offline that the server refused (lib/outbox.ts): the form opens with what was
   * typed then, and recording it (or queueing it again) replaces the refused one.
   */
  fix?: { mutationId: number; draft: SettleDraft } | undefined;
  onDone(): void;
}

/** How the amount was paid: in the group's currency (''), or in another at a rate (issue 26). */
type Paid = Omit<ForeignAmount, 'amount'>;
export const IN_GROUP_CURRENCY: Paid = { currency: '', rateText: null, convertedText: null };

/** What the form held, kept with a payment queued offline so that a refused one can be fixed. */
export interface SettleDraft {
  form: 'settle';
  choice: SettleUpChoice;
  paid: Paid;
}

/**
 * The inline settle-up form (spec §4, §5): payer, recipient, amount prefilled from the matching
 * debt. Issue 26: the amount may be in another currency, converted as an expense's is.
 */
export function SettleUpForm({
  groupId,
  currency,
  me,
  debts,
  options,
  preset,
  fix,
  onDone,
}: SettleUpFormProps) {
  const { t, i18n } = useTranslation('group');
  const queryClient = useQueryClient();
  const id = useId();
  const decimal = i18n.language === 'en' ? '.' : ',';
  const [choice, setChoice] = useState(() =>
    fix
      ? fix.draft.choice
      : preset
        ? changeSettleUp(
            debts,
            { payer: preset.from, recipient: preset.to, amount: '' },
            { recipient: preset.to },
            decimal,
          )
        : initialSettleUp(
            debts,
            me,
            options.map((o) => o.id),
            decimal,
          ),
  );
  const [paid, setPaid] = useState<Paid>(fix?.draft.paid ?? IN_GROUP_CURRENCY);
  const [rateOpen, setRateOpen] = useState(false);
  const used = useMemo(() => usedCurrencies(queryClient, groupId), [queryClient, groupId]);
  // A settlement is dated when it is recorded: the rate is today's.
  const [today] = useState(() => localDay(new Date()));
  const rateState = useFxRate(paid.currency ? { from: paid.currency, to: currency, date: today } : null);
  const fetched = rateState.status === 'ready' ? rateState.rate : undefined;
  const money = convertAmount({ amount: choice.amount, ...paid }, today, fetched);
  const attempt = useIdempotencyKey();
  const create = useMutation(trpc.expenses.create.mutationOptions());
  const cents = money.amountCents ?? 0;
  const ready = canSubmitSettlement(choice.payer, choice.recipient, money.typedCents) && cents > 0;
  // The amount follows the debt between the two in the group's currency; one typed in another stays.
  const choose = (change: { payer?: string; recipient?: string }) => {
    const next = changeSettleUp(debts, choice, change, decimal);
    setChoice(paid.currency ? { ...next, amount: choice.amount } : next);
  };
  const chooseCurrency = (code: string) => {
    setRateOpen(false);
    const foreign = code === currency ? '' : code;
    setPaid({ ...IN_GROUP_CURRENCY, currency: foreign });
    // The debt's amount is in the group's currency: typed afresh in another, back with it.
    setChoice(foreign ? { ...choice, amount: '' } : changeSettleUp(debts, choice, {}, decimal));
  };
  const members = options.map((o) => ({
    id: o.id,
    label: o.id === me ? t('memberYou', { name: o.name }) : o.name,
  }));

  // Inside Telegram its main button records the payment (and the form's own button goes).
  const mainButton = useMainButton({
    text: t('recordPayment'),
    busy: create.isPending,
    disabled: !ready,
    onClick: () => submitForm(`${id}-form`),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || create.isPending) return;
    const input = {
      groupId,
      name: t('settlementName'),
      amountCents: cents,
      settlement: true,
      settlementFromId: choice.payer,
      settlementToId: choice.recipient,
      paidById: choice.payer,
      participants: [],
      splitCents: {},
      splitMethod: 'amounts' as const,
      ...(money.original ? { original: money.original } : {}),
      idempotencyKey: attempt.key,
    };
    // Offline it is queued with its key and sent when the connection is back (lib/outbox.ts).
    if (!navigator.onLine) {
      if (fix) discardWrite(queryClient, fix.mutationId);
      const draft: SettleDraft = { form: 'settle', choice, paid };
      queueWrite(queryClient, { kind: 'create', input, draft });
      toast.info(t('queuedPaymentToast', { ns: 'offline' }));
      onDone();
      return;
    }
    create.mutate(input, {
      onSuccess: () => {
        haptic('success');
        if (fix) discardWrite(queryClient, fix.mutationId);
        toast.success(t('paymentRecorded'));
        void afterExpenseSaved(queryClient, groupId);
        onDone();
      },
      onError: () => {
        haptic('error');
        toast.error(t('expenseSaveFailed'));
      },
    });
  }

  return (
    <form id={`${id}-form`} className="settle-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settle-form-title">
        {fix ? t('fixPaymentTitle', { ns: 'offline' }) : t('settleUpTitle')}
      </h3>
      <div className="settle-form-grid">
        <MemberSelect
          id={`${id}-payer`}
          label={t('payer')}
          value={choice.payer}
          members={members}
          onChange={(payer) => choose({ payer })}
        />
        <MemberSelect
          id={`${id}-recipient`}
          label={t('recipient')}
          value={choice.recipient}
          members={members.filter((m) => m.id !== choice.payer)}
          onChange={(recipient) => choose({ recipient })}
        />
        <div className="field settle-form-wide">
          <label className="field-label" htmlFor={`${id}-amount`}>
            {t('amountIn', { currency: paid.currency || currency })}
          </label>
          <div className={styles.amount}>
            <input
              id={`${id}-amount`}
              className="input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={40}
              value={choice.amount}
              onChange={(e) => setChoice({ ...choice, amount: e.target.value })}
            />
            <AmountCurrency
              value={paid.currency || currency}
              groupCurrency={currency}
              usedCurrencies={used}
              onChange={chooseCurrency}
            />
          </div>
          {paid.currency ? (
            <RateBox
              uid={id}
              currency={paid.currency}
              groupCurrency={currency}
              rateText={paid.rateText}
              convertedText={paid.convertedText}
              money={money}
              state={rateState}
              decimal={decimal}
              locale={LOCALES[i18n.language === 'en' ? 'en' : 'ru']}
              open={rateOpen}
              onOpen={setRateOpen}
              onRate={(text) => setPaid({ ...paid, rateText: text, convertedText: null })}
              onConverted={(text) => setPaid({ ...paid, convertedText: text, rateText: null })}
            />
          ) : null}
        </div>
      </div>
      {mainButton ? null : (
        <button type="submit" className="btn btn-primary btn-block" disabled={!ready || create.isPending}>
          {t('recordPayment')}
        </button>
      )}
    </form>
  );
}

/** A labelled member picker whose empty choice reads 'choose a member'. */
function MemberSelect(props: {
  id: string;
  label: string;
  value: string;
  members: { id: string; label: string }[];
  onChange(memberId: string): void;
}) {
  const { t } = useTranslation('group');
  return (
    <div className="field">
      <label className="field-label" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className="input"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="" disabled>
          {t('chooseMember')}
        </option>
        {props.members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
      </select>
    </div>
  );
}
