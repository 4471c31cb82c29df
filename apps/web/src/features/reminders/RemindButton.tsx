import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { toast } from '../../lib/toast';
import { errorCode, trpc } from '../../lib/trpc';
import './reminders.css';

/** A day: at most one reminder per debt (the server's rule, shown here). */
const DAY_MS = 24 * 60 * 60 * 1000;

interface RemindButtonProps {
  groupId: string;
  from: string;
  to: string;
  /** The debtor's name, for the label and the hints. */
  debtorName: string;
}

/**
 * "Remind" on a debt line (issue 28), for the creditor or a group admin: the bot reminds the debtor
 * in Telegram. The line says when the last one went, and why none can go (no Telegram, muted,
 * the bot blocked, no bot on this server). Loaded after the group's first screen.
 */
export default function RemindButton({ groupId, from, to, debtorName }: RemindButtonProps) {
  const { t } = useTranslation('reminders');
  const format = useFormat();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.reminders.list.queryOptions({ groupId }));
  const send = useMutation(
    trpc.reminders.send.mutationOptions({
      onSuccess: () => toast.success(t('sent')),
      onError: (error) => toast.error(t(errorCode(error) === 'REMINDER_TOO_SOON' ? 'tooSoon' : 'failed')),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.reminders.list.queryKey({ groupId }) }),
    }),
  );
  const debt = list.data?.debts.find((d) => d.debtorMemberId === from && d.creditorMemberId === to);
  if (!list.data || !debt?.canRemind) return null;

  const recent = debt.lastSentAt !== null && Date.now() - Date.parse(debt.lastSentAt) < DAY_MS;
  // Within the day the time says when the next may go; later the day is enough.
  const lastSent = debt.lastSentAt
    ? t('lastSent', { when: recent ? format.time(debt.lastSentAt) : format.monthDay(debt.lastSentAt) })
    : null;
  const blocked = !list.data.botEnabled
    ? { text: t('remind'), hint: t('needsBot') }
    : debt.delivery === 'no_telegram'
      ? { text: t('noTelegram'), hint: t('noTelegramHint', { name: debtorName }) }
      : debt.delivery === 'muted' || debt.delivery === 'stopped'
        ? { text: t('muted'), hint: t('mutedHint', { name: debtorName }) }
        : debt.delivery === 'unreachable'
          ? { text: t('unreachable'), hint: t('unreachableHint', { name: debtorName }) }
          : null;

  return (
    <span className="remind">
      <button
        type="button"
        className="btn btn-ghost remind-button"
        // The visible words first, then why (a screen reader's name must hold what is shown).
        aria-label={blocked ? `${blocked.text}: ${blocked.hint}` : t('remindLabel', { name: debtorName })}
        title={blocked?.hint ?? (recent ? t('tooSoon') : undefined)}
        disabled={Boolean(blocked) || recent || send.isPending}
        onClick={() => send.mutate({ groupId, debtorMemberId: from, creditorMemberId: to })}
      >
        {blocked?.text ?? t('remind')}
      </button>
      {lastSent ? <span className="remind-last muted">{lastSent}</span> : null}
    </span>
  );
}
