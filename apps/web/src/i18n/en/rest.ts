import { account } from './account';
import { auth } from './auth';
import { expense } from './expense';
import { friends } from './friends';
import { group } from './group';
import { groups } from './groups';
import { invites } from './invites';
import { notifications } from './notifications';
import { passkey } from './passkey';
import { settings } from './settings';
import { telegram } from './telegram';

/** Every namespace but `common` and `landing`: one chunk for sign-in and the app (../index.ts). */
export const rest = {
  auth,
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
};
