import { account } from './account';
import { expense } from './expense';
import { friends } from './friends';
import { fx } from './fx';
import { invites } from './invites';
import { log } from './log';
import { offline } from './offline';
import { recurring } from './recurring';
import { reminders } from './reminders';
import { settings } from './settings';
import { stats } from './stats';

/**
 * The other signed-in screens' namespaces (forms, settings, account, the statistics and the
 * activity log): one chunk (../index.ts), fetched after the first screen.
 */
export const app = {
  expense,
  settings,
  account,
  friends,
  invites,
  offline,
  recurring,
  reminders,
  fx,
  stats,
  log,
};
