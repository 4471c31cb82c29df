import { formatCents } from '@dolya/domain';
import type { AdminClient } from '../client';
import { type Cell, toCsv, verbatim } from '../csv';
import { day, indent, money, plural, shown, signedMoney, table } from '../format';
import type { Command } from './command';

type Shown = Awaited<ReturnType<AdminClient['admin']['groups']['show']['query']>>;
type Exported = Awaited<ReturnType<AdminClient['admin']['groups']['export']['query']>>;

export const groupShow: Command = {
  usage: 'group show <groupId>',
  summary: 'name, currency, members, balances and simplified debts of a group',
  arguments: 1,
  async run(client, [groupId]) {
    const group = await client.admin.groups.show.query({ groupId: groupId! });
    return { text: showText(group), json: group };
  },
};

function showText(g: Shown): string {
  const state = g.deletedAt ? ` · deleted ${day(g.deletedAt)}` : '';
  const members = g.members.map((m) => [
    shown(m.name),
    m.username ? `@${shown(m.username)}` : '(no account)',
    m.isAdmin ? 'admin' : '',
    m.status.toLowerCase(),
    `share ${m.share}`,
  ]);
  const balances = [
    ['', 'paid', 'owed', 'settled out', 'settled in', 'net'],
    ...g.balances.map((b) => [
      b.removed ? `${shown(b.name)} (removed)` : shown(b.name),
      money(b.paidCents),
      money(b.owedCents),
      money(b.sentCents),
      money(b.receivedCents),
      signedMoney(b.netCents),
    ]),
  ];
  const debts = g.debts.map((d) => [
    `${shown(d.fromName)} → ${shown(d.toName)}`,
    money(d.amountCents, g.currency),
  ]);
  return [
    `${shown(g.name)} · ${g.currency} · ${plural(g.members.length, 'member', 'members')} · created ${day(g.createdAt)}${state}`,
    `id ${g.id}`,
    '',
    'members',
    indent(table(members)),
    '',
    `balances (${g.currency})`,
    indent(table(balances, ['left', 'right', 'right', 'right', 'right', 'right'])),
    '',
    `spent ${money(g.totalCents, g.currency)} in ${plural(g.expenseCount, 'expense', 'expenses')}, ${plural(g.settlementCount, 'settlement', 'settlements')} recorded`,
    '',
    g.debts.length ? 'debts (simplified)' : 'debts: everyone is settled up',
    ...(g.debts.length ? [indent(table(debts, ['left', 'right']))] : []),
  ].join('\n');
}

export const groupExport: Command = {
  usage: 'group export <groupId> [--format csv|json]',
  summary: 'every expense with its splits, as CSV (default, for spreadsheets) or JSON',
  arguments: 1,
  takesFormat: true,
  async run(client, [groupId], options) {
    const format = options.format ?? (options.json ? 'json' : 'csv');
    const exported = await client.admin.groups.export.query({ groupId: groupId! });
    if (format === 'csv') return { text: exportCsv(exported) };
    return { text: JSON.stringify(exportJson(exported), null, 2) };
  },
};

/** The export with amounts as exact decimal strings ("1200.50"), as the domain formats them. */
function exportJson(e: Exported) {
  return {
    group: e.group,
    members: e.members,
    expenses: e.expenses.map(({ amountCents, splits, payers, original, ...expense }) => ({
      ...expense,
      amount: formatCents(amountCents),
      payers: payers.map(({ amountCents: paid, ...payer }) => ({ ...payer, amount: formatCents(paid) })),
      original:
        original &&
        (({ amountCents: asPaid, ...rest }) => ({ ...rest, amount: formatCents(asPaid) }))(original),
      splits: splits.map(({ amountCents: share, ...split }) => ({ ...split, amount: formatCents(share) })),
    })),
  };
}

const HEADER = [
  'Date',
  'Expense',
  'Category',
  'Split method',
  'Settlement',
  'Paid by',
  'Amount',
  'Currency',
  'Member',
  'Member share',
  'Notes',
  'Expense ID',
  'Original amount',
  'Original currency',
  'Exchange rate',
];

/** One row per split (an expense without splits gets one row), so a column sum of shares is exact. */
function exportCsv(e: Exported): string {
  const rows: Cell[][] = [HEADER];
  for (const x of e.expenses) {
    const common = (member: string | null, share: number | null): Cell[] => [
      verbatim(day(x.date)),
      x.name,
      x.category,
      verbatim(x.splitMethod),
      verbatim(x.settlement ? 'yes' : 'no'),
      // Several payers: each with what they paid ("Оля 700.00; Паша 300.00").
      x.payers.length > 1
        ? x.payers.map((p) => `${p.name} ${formatCents(p.amountCents)}`).join('; ')
        : x.paidBy.name,
      verbatim(formatCents(x.amountCents)),
      verbatim(e.group.currency),
      member,
      share === null ? null : verbatim(formatCents(share)),
      x.notes,
      verbatim(x.id),
      x.original ? verbatim(formatCents(x.original.amountCents)) : null,
      x.original ? verbatim(x.original.currency) : null,
      x.original ? verbatim(x.original.rate) : null,
    ];
    if (x.splits.length === 0) rows.push(common(null, null));
    for (const split of x.splits) rows.push(common(split.name, split.amountCents));
  }
  return toCsv(rows);
}
