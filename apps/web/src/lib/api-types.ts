/**
 * The API's shapes as the web sees them, read from the router itself (never re-declared by hand).
 * Money is integer cents and dates are ISO strings, as the procedures return them.
 */
import type { RouterInputs, RouterOutputs } from '@dolya/api';

export type { ErrorCode, LogAction } from '@dolya/api';
export type { RouterInputs, RouterOutputs };

export type Group = RouterOutputs['groups']['get'];
export type GroupListItem = RouterOutputs['groups']['list'][number];
export type GroupMember = Group['users'][number];
export type Expense = RouterOutputs['expenses']['get'];
export type ExpenseListItem = RouterOutputs['expenses']['list']['items'][number];
export type Spending = RouterOutputs['stats']['spending'];
export type Balances = RouterOutputs['balances']['get'];
export type MemberBalance = Balances['members'][number];
export type Debt = Balances['debts'][number];
export type LogEntry = RouterOutputs['logs']['list'][number];
/** A draft the bot read from a Telegram message, as its author sees it. */
export type BotDraft = RouterOutputs['drafts']['get'];
export type ExpenseInput = RouterInputs['expenses']['create'];
export type UpdateGroupInput = RouterInputs['groups']['update'];
export type Friend = RouterOutputs['friends']['list'][number];
