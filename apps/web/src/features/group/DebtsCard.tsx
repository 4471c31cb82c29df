import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Balances, GroupMember } from '../../lib/api-types';
import { useFormat } from '../../lib/format';
import { Spinner } from '../../ui/Spinner';
import { debtLines, settleOptions } from './money';

/**
 * The settle-up form opens on a tap: its code (the mutation, the idempotency key, Telegram's main
 * button) comes then, not with the group's first screen (issue 27's size budget).
 */
const SettleUpForm = lazy(() => import('./SettleUpForm').then((m) => ({ default: m.SettleUpForm })));

/** What the route adds to the debts: a piece beside each line (Remind), the form opened on a debt (?settle=). */
export interface DebtSlots {
  lineAction?: (line: { from: string; to: string; debtorName: string }) => ReactNode;
  settle?: { from: string; to: string } | undefined;
}

interface DebtsCardProps extends DebtSlots {
  groupId: string;
  currency: string;
  me: string;
  members: Pick<GroupMember, 'memberId' | 'name'>[];
  balances: Pick<Balances, 'currency' | 'debts'> | undefined;
  balancesPending: boolean;
  balancesFailed: boolean;
  nameOf(memberId: string): string | undefined;
}

/** Simplified debts (lines involving me coloured) and the Settle up toggle with its inline form. */
export function DebtsCard(props: DebtsCardProps) {
  const { t } = useTranslation('group');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(Boolean(props.settle));
  // The debt a line's own settle button chose; null: the form picks (my debt first).
  const [preset, setPreset] = useState<{ from: string; to: string } | null>(props.settle ?? null);
  const formId = useId();
  const titleId = useId();
  const currency = props.balances?.currency ?? props.currency;
  const debts = props.balances?.debts ?? [];
  const lines = debtLines(debts, props.me);
  const name = (id: string) => props.nameOf(id) ?? t('unknownMember');

  // Everyone who can pay or be paid: current members, then anyone a debt still mentions.
  const options = settleOptions(
    props.members,
    lines.flatMap((line) => [line.from, line.to]),
    name,
  );

  return (
    <section className="card group-debts" aria-labelledby={titleId}>
      <div className="group-section-head">
        <h2 id={titleId} className="group-section-title">
          {t('debtsTitle')}
        </h2>
        <button
          type="button"
          className={open ? 'btn btn-ghost group-settle-toggle' : 'btn group-settle-toggle'}
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={() => {
            setPreset(null);
            setOpen((v) => !v);
          }}
          disabled={!props.balances}
        >
          {open ? tc('cancel') : t('settleUp')}
        </button>
      </div>

      {props.balancesPending ? (
        <Spinner />
      ) : props.balancesFailed ? (
        <p className="muted group-debts-empty">{tc('genericError')}</p>
      ) : lines.length === 0 ? (
        <p className="muted group-debts-empty">{t('noDebts')}</p>
      ) : (
        <ul className="debt-list">
          {lines.map((line) => (
            <li key={`${line.from}-${line.to}`} className={`debt-line debt-${line.role}`}>
              <span className="debt-who">
                <span className="debt-names">
                  {line.role === 'iOwe' ? t('you') : name(line.from)}
                  <span className="debt-arrow"> → </span>
                  {line.role === 'owedToMe' ? t('toYou') : name(line.to)}
                </span>
              </span>
              <span className="debt-end">
                <span className="debt-amount">{format.money(line.cents, currency)}</span>
                {line.role !== 'others' && props.balances ? (
                  <button
                    type="button"
                    className="btn debt-settle"
                    aria-label={t('settleLine', {
                      from: line.role === 'iOwe' ? t('you') : name(line.from),
                      to: line.role === 'owedToMe' ? t('toYou') : name(line.to),
                      amount: format.money(line.cents, currency),
                    })}
                    onClick={() => {
                      setPreset({ from: line.from, to: line.to });
                      setOpen(true);
                    }}
                  >
                    {t('settleLineShort')}
                  </button>
                ) : null}
                <Suspense>
                  {props.lineAction?.({ from: line.from, to: line.to, debtorName: name(line.from) })}
                </Suspense>
              </span>
            </li>
          ))}
        </ul>
      )}

      {open && props.balances ? (
        <div id={formId}>
          <Suspense fallback={<Spinner />}>
            <SettleUpForm
              key={preset ? `${preset.from}-${preset.to}` : 'mine'}
              preset={preset}
              groupId={props.groupId}
              currency={currency}
              me={props.me}
              debts={debts}
              options={options}
              onDone={() => setOpen(false)}
            />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
