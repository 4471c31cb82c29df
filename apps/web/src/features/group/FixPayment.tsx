import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouterInputs } from '../../lib/api-types';
import { trpc } from '../../lib/trpc';
import { Spinner } from '../../ui/Spinner';
import { amountText, debtLines, settleOptions } from './money';
import { IN_GROUP_CURRENCY, type SettleDraft, SettleUpForm } from './SettleUpForm';
import { memberNamer } from './shared';

interface FixPaymentProps {
  groupId: string;
  /** The refused write's mutation (lib/outbox.ts): recording the fixed payment replaces it. */
  mutationId: number;
  input: RouterInputs['expenses']['create'];
  /** What the form held when it was queued; none for one queued before the form kept it. */
  draft: SettleDraft | null;
  onDone(): void;
}

/**
 * A payment recorded offline and refused by the server (a removed member, say), opened in the
 * settle-up form with what was typed then, to correct and record again (issue 27). Under its row
 * in the group's queued writes (QueuedWrites.tsx); its own chunk.
 */
export default function FixPayment({ groupId, mutationId, input, draft, onDone }: FixPaymentProps) {
  const { t, i18n } = useTranslation('group');
  // The group page has both (its first screen waits for the group; the refusal refetched them).
  const group = useQuery(trpc.groups.get.queryOptions({ groupId })).data;
  const balances = useQuery(trpc.balances.get.queryOptions({ groupId })).data;
  if (!group) return <Spinner />;

  const decimal = i18n.language === 'en' ? '.' : ',';
  const kept: SettleDraft = draft ?? {
    form: 'settle',
    choice: {
      payer: input.settlementFromId ?? '',
      recipient: input.settlementToId ?? '',
      amount: amountText(input.amountCents, decimal),
    },
    paid: IN_GROUP_CURRENCY,
  };
  const me = group.users.find((u) => u.isCurrentUser)?.memberId ?? '';
  const debts = balances?.debts ?? [];
  const nameOf = memberNamer(group, balances?.members);
  // The members who can pay or be paid, and whoever the payment or a debt names (a removed member
  // is shown by name, for the person to see who it was and choose another).
  const options = settleOptions(
    group.users.filter((u) => u.membershipStatus !== 'REMOVED'),
    [
      kept.choice.payer,
      kept.choice.recipient,
      ...debtLines(debts, me).flatMap((line) => [line.from, line.to]),
    ],
    (id) => nameOf(id) ?? t('unknownMember'),
  );

  return (
    <SettleUpForm
      groupId={groupId}
      currency={balances?.currency ?? group.currency}
      me={me}
      debts={debts}
      options={options}
      fix={{ mutationId, draft: kept }}
      onDone={onDone}
    />
  );
}
