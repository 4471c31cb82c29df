import { indent, money, plural, shown, table } from '../format';
import type { Command } from './command';

/** Exit code when the check finds problems, apart from 1 (the check could not run). */
export const PROBLEMS_FOUND = 3;

export const ledgerCheck: Command = {
  usage: 'ledger check',
  summary: 'check that splits, payers, member nets and stored member totals add up in every group',
  arguments: 0,
  async run(client) {
    const report = await client.admin.ledger.check.query();
    const { problems, notFullyAllocated: partial } = report;
    const lines = [
      `checked ${plural(report.groups, 'group', 'groups')}, ${plural(report.expenses, 'expense', 'expenses')}: ${plural(problems.length, 'problem', 'problems')}`,
    ];
    if (problems.length > 0) {
      const rows = problems.map((p) => [
        p.rule,
        p.expenseName === null ? shown(p.groupName) : `${shown(p.groupName)} · ${shown(p.expenseName)}`,
        p.message,
        p.expenseId !== null
          ? `expense ${p.expenseId}`
          : p.memberId !== null
            ? `member ${p.memberId}`
            : `group ${p.groupId}`,
      ]);
      lines.push('', 'problems:', indent(table(rows)));
    }
    if (partial.length > 0) {
      const rows = partial.map((p) => [
        `${shown(p.groupName)} · ${shown(p.expenseName)}`,
        p.splitMethod,
        `${money(p.allocatedCents)} of ${money(p.amountCents)} allocated`,
        `expense ${p.expenseId}`,
      ]);
      lines.push(
        '',
        `not fully allocated, as the spec allows (the rest is the payer's own share): ${partial.length}`,
        indent(table(rows)),
      );
    }
    return { text: lines.join('\n'), json: report, exitCode: problems.length > 0 ? PROBLEMS_FOUND : 0 };
  },
};
