import { account } from './account';
import { expense } from './expense';
import { friends } from './friends';
import { group } from './group';
import { groups } from './groups';
import { invites } from './invites';
import { notifications } from './notifications';
import { settings } from './settings';

/** The signed-in screens' namespaces: one chunk, fetched with the sign-in one (../index.ts). */
export const app = { groups, group, expense, settings, account, friends, invites, notifications };
