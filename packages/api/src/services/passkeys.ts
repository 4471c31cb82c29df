import { createHmac, randomUUID } from 'node:crypto';
import { type Database, passkeys, users } from '@dolya/db';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { count, eq } from 'drizzle-orm';
import type { ApiConfig } from '../context';
import { uniqueViolation } from '../error-mapping';
import { AppError } from '../errors';
import { consumeChallenge, storeChallenge } from './passkeys-challenges';
import {
  type AuthenticationInput,
  asAuthenticationResponse,
  asRegistrationResponse,
  type RegistrationInput,
} from './passkeys-input';
import { findUserByEmail, findUserByUsername, type UserRow } from './users';

const RP_NAME = 'Dolya';

/** The relying party is the public URL: its host name is the RP ID, its origin the expected origin. */
function relyingParty(config: ApiConfig) {
  if (!config.publicUrl) throw new AppError('INTERNAL', 'PUBLIC_URL is not configured');
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** Passkeys are discoverable (usernameless sign-in); user verification is asked for, not demanded. */
const authenticatorSelection = { residentKey: 'required', userVerification: 'preferred' } as const;

/** The WebAuthn user handle of an account is its id, so an authenticator keeps one passkey per account. */
const userHandleOf = (userId: string) => isoUint8Array.fromUTF8String(userId);

async function passkeysOf(db: Database, userId: string) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

async function passkeyCount(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

async function saveCredential(
  db: Database,
  userId: string,
  credential: WebAuthnCredential,
  name: string | null,
) {
  try {
    await db.insert(passkeys).values({
      userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? null,
      name,
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined)
      throw new AppError('PASSKEY_ALREADY_LINKED', 'This passkey is already linked');
    throw error;
  }
}

/** Checks an attestation against the challenge it answers; any failure is the given code. */
async function verifyAttestation(
  config: ApiConfig,
  input: RegistrationInput,
  challenge: string,
  failure: 'PASSKEY_REGISTER_FAILED',
) {
  const { rpID, origin } = relyingParty(config);
  try {
    const result = await verifyRegistrationResponse({
      response: asRegistrationResponse(input),
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (result.verified) return result.registrationInfo;
  } catch {
    // A malformed or forged attestation: the same answer as a failed check.
  }
  throw new AppError(failure, 'The passkey could not be verified');
}

// ---- A new account from a passkey ----

export async function registrationOptions(
  db: Database,
  config: ApiConfig,
  input: { name: string; email?: string | undefined },
  ip: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  if (await findUserByUsername(db, input.name))
    throw new AppError('USERNAME_TAKEN', 'This username is taken', 'name');
  const userId = randomUUID();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(config).rpID,
    userName: input.name,
    userDisplayName: input.name,
    userID: userHandleOf(userId),
    attestationType: 'none',
    authenticatorSelection,
  });
  await storeChallenge(db, 'passkey-register', options.challenge, {
    payload: { name: input.name, email: input.email ?? null, userHandle: userId },
    ip,
  });
  return options;
}

/** Verifies the new passkey and creates its account: name and username are the passkey name. */
export async function finishRegistration(
  db: Database,
  config: ApiConfig,
  input: RegistrationInput & { email?: string | undefined },
): Promise<UserRow> {
  const stored = await consumeChallenge(db, 'passkey-register', input.response.clientDataJSON);
  if (!stored) throw new AppError('PASSKEY_REGISTER_FAILED', 'The passkey request expired; try again');
  const name = String(stored.payload.name ?? '');
  const userId = String(stored.payload.userHandle ?? '');
  const info = await verifyAttestation(config, input, stored.challenge, 'PASSKEY_REGISTER_FAILED');

  const wantedEmail = input.email ?? (stored.payload.email as string | null) ?? undefined;
  const email = wantedEmail && !(await findUserByEmail(db, wantedEmail)) ? wantedEmail : null;
  if (await findUserByUsername(db, name))
    throw new AppError('USERNAME_TAKEN', 'This username is taken', 'name');
  try {
    return await createAccount(db, { id: userId, name, email }, info.credential);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.includes('username'))
      throw new AppError('USERNAME_TAKEN', 'This username is taken', 'name');
    // An email taken in the meantime is not worth failing the sign-up over: the account goes without.
    if (constraint?.includes('email') && email)
      return createAccount(db, { id: userId, name, email: null }, info.credential);
    throw error;
  }
}

async function createAccount(
  db: Database,
  account: { id: string; name: string; email: string | null },
  credential: WebAuthnCredential,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ ...account, username: account.name })
      .returning();
    await saveCredential(tx, user!.id, credential, account.name);
    return user!;
  });
}

// ---- Sign-in ----

/**
 * Options for signing in: with a username or an email, the account's passkeys are allowed; with
 * neither, any passkey the authenticator holds for this site (usernameless). An unknown account
 * gets a made-up credential that is stable for the identifier, so the answer does not tell which
 * usernames and emails exist; its verification simply fails.
 */
export async function authenticationOptions(
  db: Database,
  config: ApiConfig,
  input: { username?: string | null; email?: string | null } | null | undefined,
  ip: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const identifier = input?.email?.trim() || input?.username?.trim() || '';
  let allowCredentials: { id: string; transports?: string[] }[] | undefined;
  if (identifier) {
    const user = input?.email?.trim()
      ? await findUserByEmail(db, identifier)
      : await findUserByUsername(db, identifier);
    const own = user ? await passkeysOf(db, user.id) : [];
    allowCredentials =
      own.length > 0
        ? own.map((p) => ({ id: p.credentialId, transports: p.transports ?? undefined }))
        : [{ id: decoyCredentialId(config, identifier), transports: ['internal', 'hybrid'] }];
  }
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    userVerification: 'preferred',
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  await storeChallenge(db, 'passkey-login', options.challenge, { ip });
  return options;
}

function decoyCredentialId(config: ApiConfig, identifier: string): string {
  return createHmac('sha256', config.sessionSecret)
    .update(`passkey-decoy:${identifier.toLowerCase()}`)
    .digest('base64url');
}

/** Verifies an assertion with the stored public key and counter; the owner of the passkey signs in. */
export async function finishAuthentication(
  db: Database,
  config: ApiConfig,
  input: AuthenticationInput,
): Promise<UserRow> {
  const failed = () => new AppError('PASSKEY_VERIFY_FAILED', 'Passkey sign-in failed');
  const stored = await consumeChallenge(db, 'passkey-login', input.response.clientDataJSON);
  if (!stored) throw failed();
  const [row] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, input.id))
    .limit(1);
  if (!row) throw failed();
  const handle = input.response.userHandle;
  if (handle && safeUtf8(handle) !== row.user.id) throw failed();

  const { rpID, origin } = relyingParty(config);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: asAuthenticationResponse(input),
      expectedChallenge: stored.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: row.passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(row.passkey.publicKey),
        counter: row.passkey.counter,
        transports: row.passkey.transports ?? undefined,
      },
      requireUserVerification: false,
    });
    if (!result.verified) throw failed();
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw failed();
  }
  await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, row.passkey.id));
  return row.user;
}

function safeUtf8(base64url: string): string | undefined {
  try {
    return isoBase64URL.toUTF8String(base64url);
  } catch {
    return undefined;
  }
}

// ---- Linking to the signed-in account ----

export async function linkOptions(
  db: Database,
  config: ApiConfig,
  user: { id: string; name: string; username: string },
  ip: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const own = await passkeysOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(config).rpID,
    userName: user.username,
    userDisplayName: user.name,
    userID: userHandleOf(user.id),
    attestationType: 'none',
    authenticatorSelection,
    excludeCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports ?? undefined })),
  });
  await storeChallenge(db, 'passkey-link', options.challenge, { userId: user.id, ip });
  return options;
}

export async function finishLink(
  db: Database,
  config: ApiConfig,
  userId: string,
  input: RegistrationInput,
): Promise<PasskeyStatus> {
  const stored = await consumeChallenge(db, 'passkey-link', input.response.clientDataJSON, userId);
  if (!stored) throw new AppError('PASSKEY_REGISTER_FAILED', 'The passkey request expired; try again');
  const info = await verifyAttestation(config, input, stored.challenge, 'PASSKEY_REGISTER_FAILED');
  const [existing] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.credentialId, info.credential.id))
    .limit(1);
  if (existing) throw new AppError('PASSKEY_ALREADY_LINKED', 'This passkey is already linked');
  await saveCredential(db, userId, info.credential, null);
  return passkeyStatus(db, userId);
}

// ---- Status and unlinking ----

export interface PasskeyStatus {
  linked: boolean;
  count: number;
}

export async function passkeyStatus(db: Database, userId: string): Promise<PasskeyStatus> {
  const n = await passkeyCount(db, userId);
  return { linked: n > 0, count: n };
}
