import { parseAmountLenient } from '@dolya/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Debt } from '../../lib/api-types';
import { afterExpenseSaved } from '../../lib/expense-cache';
import { useIdempotencyKey } from '../../lib/idempotency';
import { queueWrite } from '../../lib/outbox';
import { haptic } from '../../lib/telegram/haptics';
import { submitForm, useMainButton } from '../../lib/telegram/useMainButton';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { canSubmitSettlement, changeSettleUp, initialSettleUp } from './money';

interface SettleUpFormProps {
  groupId: string;
  currency: string;
  me: string;
  debts: Debt[];
  options: { id: string; name: string }[];
  /** A debt line's settle button: this payer and recipient, with their debt as the amount. */
  preset?: { from: string; to: string } | null;
  onDone(): void;
}

/** The inline settle-up form (spec §4, §5): payer, recipient, amount prefilled from the matching debt. */
export function SettleUpForm({ groupId, currency, me, debts, options, preset, onDone }: SettleUpFormProps) {
  const { t, i18n } = useTranslation('group');
  const queryClient = useQueryClient();
  const id = useId();
  const decimal = i18n.language === 'en' ? '.' : ',';
  const [choice, setChoice] = useState(() =>
    preset
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
  const attempt = useIdempotencyKey();
  const create = useMutation(trpc.expenses.create.mutationOptions());
  const cents = parseAmountLenient(choice.amount);
  const ready = canSubmitSettlement(choice.payer, choice.recipient, cents);
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
      idempotencyKey: attempt.key,
    };
    // Offline it is queued with its key and sent when the connection is back (lib/outbox.ts).
    if (!navigator.onLine) {
      queueWrite(queryClient, { kind: 'create', input, draft: null });
      toast.info(t('queuedPaymentToast', { ns: 'offline' }));
      onDone();
      return;
    }
    create.mutate(input, {
      onSuccess: () => {
        haptic('success');
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
        {t('settleUpTitle')}
      </h3>
      <div className="settle-form-grid">
        <MemberSelect
          id={`${id}-payer`}
          label={t('payer')}
          value={choice.payer}
          members={members}
          onChange={(payer) => setChoice(changeSettleUp(debts, choice, { payer }, decimal))}
        />
        <MemberSelect
          id={`${id}-recipient`}
          label={t('recipient')}
          value={choice.recipient}
          members={members.filter((m) => m.id !== choice.payer)}
          onChange={(recipient) => setChoice(changeSettleUp(debts, choice, { recipient }, decimal))}
        />
        <div className="field settle-form-wide">
          <label className="field-label" htmlFor={`${id}-amount`}>
            {t('amountIn', { currency })}
          </label>
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
