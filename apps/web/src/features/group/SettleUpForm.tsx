import { parseAmountLenient } from '@dolya/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Debt } from '../../lib/api-types';
import { useIdempotencyKey } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { afterExpenseSaved } from './expense-cache';
import { canSubmitSettlement, changeSettleUp, initialSettleUp } from './money';

interface SettleUpFormProps {
  groupId: string;
  currency: string;
  me: string;
  debts: Debt[];
  options: { id: string; name: string }[];
  onDone(): void;
}

/** The inline settle-up form (spec §4, §5): payer, recipient, amount prefilled from the matching debt. */
export function SettleUpForm({ groupId, currency, me, debts, options, onDone }: SettleUpFormProps) {
  const { t } = useTranslation('group');
  const id = useId();
  const [choice, setChoice] = useState(() =>
    initialSettleUp(
      debts,
      me,
      options.map((o) => o.id),
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

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || create.isPending) return;
    create.mutate(
      {
        groupId,
        name: t('settlementName'),
        amountCents: cents,
        settlement: true,
        settlementFromId: choice.payer,
        settlementToId: choice.recipient,
        paidById: choice.payer,
        participants: [],
        splitCents: {},
        splitMethod: 'amounts',
        idempotencyKey: attempt.key,
      },
      {
        onSuccess: () => {
          toast.success(t('expenseSaved'));
          void afterExpenseSaved(groupId);
          onDone();
        },
        onError: () => toast.error(t('expenseSaveFailed')),
      },
    );
  }

  return (
    <form className="settle-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settle-form-title">
        {t('settleUpTitle')}
      </h3>
      <div className="settle-form-grid">
        <MemberSelect
          id={`${id}-payer`}
          label={t('payer')}
          value={choice.payer}
          members={members}
          onChange={(payer) => setChoice(changeSettleUp(debts, choice, { payer }))}
        />
        <MemberSelect
          id={`${id}-recipient`}
          label={t('recipient')}
          value={choice.recipient}
          members={members.filter((m) => m.id !== choice.payer)}
          onChange={(recipient) => setChoice(changeSettleUp(debts, choice, { recipient }))}
        />
        <div className="field">
          <label className="field-label" htmlFor={`${id}-amount`}>
            {t('amountIn', { currency })}
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            value={choice.amount}
            onChange={(e) => setChoice({ ...choice, amount: e.target.value })}
          />
        </div>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={!ready || create.isPending}>
        {t('recordPayment')}
      </button>
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
