import { group } from './group';
import { groups } from './groups';
import { notifications } from './notifications';

/** The first signed-in screens' namespaces (the group list, a group, the header's bell): one chunk (../index.ts). */
export const home = { groups, group, notifications };
