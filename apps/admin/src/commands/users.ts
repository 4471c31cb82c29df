import { day, indent, plural, shown, table } from '../format';
import type { Command } from './command';

interface Account {
  id: string;
  name: string;
  username: string;
  blockedAt: string | null;
}

const who = (user: Account) => `${shown(user.name)} (@${shown(user.username)}, ${user.id})`;

export const usersFind: Command = {
  usage: 'users find <email|username|name>',
  summary: 'accounts whose email, username or name contains the text (any case)',
  arguments: 1,
  async run(client, [query]) {
    const found = await client.admin.users.find.query({ query: query! });
    if (found.length === 0) return { text: `no account matches "${shown(query!)}"`, json: found };
    const rows = [
      ['id', 'name', 'username', 'email', 'telegram', 'created', 'status'],
      ...found.map((u) => [
        u.id,
        shown(u.name),
        `@${shown(u.username)}`,
        u.email ? shown(u.email) : '-',
        u.telegramUsername ? `@${shown(u.telegramUsername)}` : '-',
        day(u.createdAt),
        u.blockedAt ? `blocked since ${day(u.blockedAt)}` : 'active',
      ]),
    ];
    return { text: `${plural(found.length, 'account', 'accounts')}\n${indent(table(rows))}`, json: found };
  },
};

export const usersBlock: Command = {
  usage: 'users block <userId>',
  summary: 'stop an account from signing in, and end its sessions now',
  arguments: 1,
  async run(client, [userId]) {
    const user = await client.admin.users.block.mutate({ userId: userId! });
    return {
      text: `blocked ${who(user)} since ${user.blockedAt}; ${plural(user.sessionsEnded, 'session', 'sessions')} ended`,
      json: user,
    };
  },
};

export const usersUnblock: Command = {
  usage: 'users unblock <userId>',
  summary: 'let a blocked account sign in again',
  arguments: 1,
  async run(client, [userId]) {
    const user = await client.admin.users.unblock.mutate({ userId: userId! });
    return { text: `unblocked ${who(user)}`, json: user };
  },
};
