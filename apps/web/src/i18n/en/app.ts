import { account } from './account';
import { expense } from './expense';
import { friends } from './friends';
import { fx } from './fx';
import { invites } from './invites';
import { offline } from './offline';
import { recurring } from './recurring';
import { reminders } from './reminders';
import { settings } from './settings';

/** The other signed-in screens' namespaces (forms, settings, account): one chunk (../index.ts). */
export const app = { expense, settings, account, friends, invites, offline, recurring, reminders, fx };
