import { account } from './account';
import { auth } from './auth';
import { common } from './common';
import { expense } from './expense';
import { friends } from './friends';
import { group } from './group';
import { groups } from './groups';
import { imports } from './imports';
import { invites } from './invites';
import { landing } from './landing';
import { logs } from './logs';
import { notifications } from './notifications';
import { offline } from './offline';
import { passkey } from './passkey';
import { settings } from './settings';
import { telegram } from './telegram';

export const en = {
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
  imports,
  logs,
};
