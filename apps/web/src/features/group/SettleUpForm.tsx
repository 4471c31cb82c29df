import { formatCents, parseAmountLenient } from '@dolya/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { canSubmitSettlement, changeSettleUp, type Debt, initialSettleUp } from './money';
import { invalidateGroupMoney } from './shared';

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
  const create = useMutation(trpc.expenses.create.mutationOptions());
  const cents = parseAmountLenient(choice.amount);
  const ready = canSubmitSettlement(choice.payer, choice.recipient, cents);
  const label = (o: { id: string; name: string }) =>
    o.id === me ? t('memberYou', { name: o.name }) : o.name;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || create.isPending) return;
    create.mutate(
      {
        groupId,
        name: t('settlementName'),
        amount: formatCents(cents),
        settlement: true,
        settlementFromId: choice.payer,
        settlementToId: choice.recipient,
        paidById: choice.payer,
        participants: [],
        splits: {},
        splitMethod: 'amounts',
      },
      {
        onSuccess: () => {
          toast.success(t('expenseSaved'));
          void invalidateGroupMoney(groupId);
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
        <div className="field">
          <label className="field-label" htmlFor={`${id}-payer`}>
            {t('payer')}
          </label>
          <select
            id={`${id}-payer`}
            className="input"
            value={choice.payer}
            onChange={(e) => setChoice(changeSettleUp(debts, choice, { payer: e.target.value }))}
          >
            <option value="" disabled>
              {t('chooseMember')}
            </option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {label(o)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-recipient`}>
            {t('recipient')}
          </label>
          <select
            id={`${id}-recipient`}
            className="input"
            value={choice.recipient}
            onChange={(e) => setChoice(changeSettleUp(debts, choice, { recipient: e.target.value }))}
          >
            <option value="" disabled>
              {t('chooseMember')}
            </option>
            {options
              .filter((o) => o.id !== choice.payer)
              .map((o) => (
                <option key={o.id} value={o.id}>
                  {label(o)}
                </option>
              ))}
          </select>
        </div>
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
