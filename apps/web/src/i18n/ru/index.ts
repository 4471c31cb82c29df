import { auth } from './auth';
import { common } from './common';
import { expense } from './expense';
import { group } from './group';
import { groups } from './groups';
import { landing } from './landing';
import { settings } from './settings';

export const ru = { common, auth, landing, groups, group, expense, settings } as const;
