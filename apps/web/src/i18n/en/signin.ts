import { auth } from './auth';
import { passkey } from './passkey';
import { telegram } from './telegram';

/** The sign-in pages' namespaces: one chunk (../index.ts). */
export const signin = { auth, passkey, telegram };
