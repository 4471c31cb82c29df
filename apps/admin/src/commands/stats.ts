import { plural, table } from '../format';
import type { Command } from './command';

export const statsCommand: Command = {
  usage: 'stats',
  summary: 'accounts, groups, expenses and sign-ins of the last 24 hours',
  arguments: 0,
  async run(client) {
    const s = await client.admin.stats.query();
    const rows = [
      ['accounts', String(s.users), `(${s.blockedUsers} blocked)`],
      ['groups', String(s.groups), `(${s.deletedGroups} deleted)`],
      ['expenses', String(s.expenses), ''],
      ['settlements', String(s.settlements), ''],
      [
        'sign-ins, last 24 h',
        String(s.signIns24h),
        `(${plural(s.signInAccounts24h, 'account', 'accounts')})`,
      ],
    ];
    return { text: table(rows, ['left', 'right', 'left']), json: s };
  },
};
