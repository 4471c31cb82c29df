import { account } from './account';
import { auth } from './auth';
import { common } from './common';
import { expense } from './expense';
import { friends } from './friends';
import { fx } from './fx';
import { group } from './group';
import { groups } from './groups';
import { imports } from './imports';
import { invites } from './invites';
import { landing } from './landing';
import { log } from './log';
import { notifications } from './notifications';
import { offline } from './offline';
import { passkey } from './passkey';
import { recurring } from './recurring';
import { reminders } from './reminders';
import { settings } from './settings';
import { stats } from './stats';
import { telegram } from './telegram';

export const ru = {
  common,
  auth,
  landing,
  groups,
  group,
  expense,
  settings,
  telegram,
  account,
  passkey,
  friends,
  invites,
  notifications,
  offline,
  recurring,
  reminders,
  fx,
  stats,
  log,
  imports,
} as const;
