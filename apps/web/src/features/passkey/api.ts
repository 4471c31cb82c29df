import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { callApi } from '../../lib/api-call';
import { errorCode } from '../../lib/api-error';

/**
 * The browser side of the ceremonies (@simplewebauthn/browser), fetched when one starts rather than
 * with the sign-in page (issue 14).
 */
const webAuthn = () => import('@simplewebauthn/browser');

/**
 * WebAuthn exists in this browser (PublicKeyCredential). The sign-in page rendered at build time
 * (src/static) shows the passkey button, as nearly every browser does; the app hides it where not.
 */
export function passkeysSupported(): boolean {
  // What @simplewebauthn/browser's browserSupportsWebAuthn checks, without loading it.
  return typeof window === 'undefined' || typeof window.PublicKeyCredential === 'function';
}

/** The identifier typed in the email field: empty is usernameless, one without '@' is a username. */
export function loginIdentifier(text: string): { username?: string; email?: string } {
  const value = text.trim();
  if (!value) return {};
  return value.includes('@') ? { email: value } : { username: value };
}

const errorName = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;

/** The person closed the browser's passkey prompt, or it was aborted: no error toast for that. */
export function cancelled(error: unknown): boolean {
  const name = errorName(error);
  return name === 'NotAllowedError' || name === 'AbortError';
}

/**
 * Sign-in found no passkey to use: the browser had none for us (its prompt ends as NotAllowedError,
 * the same as a cancel), or the server does not know the one it offered. Then a new one is offered.
 */
export function noPasskey(error: unknown): boolean {
  return errorName(error) === 'NotAllowedError' || errorCode(error) === 'PASSKEY_VERIFY_FAILED';
}

/** The authenticator already holds a passkey of this account (excludeCredentials matched). */
export function alreadyOnAuthenticator(error: unknown): boolean {
  return errorName(error) === 'InvalidStateError';
}

export async function signInWithPasskey(identifier: string) {
  const [{ startAuthentication }, options] = await Promise.all([
    webAuthn(),
    callApi('passkey.loginOptions', loginIdentifier(identifier)),
  ]);
  // The JSON the server made with @simplewebauthn/server; tRPC's inferred copy of the type differs only in buffers.
  const assertion = await startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
  });
  return callApi('passkey.loginVerify', assertion);
}

/** A new account whose name and username are the passkey name. */
export async function createAccountWithPasskey(name: string, email?: string) {
  const [{ startRegistration }, options] = await Promise.all([
    webAuthn(),
    callApi('passkey.registerOptions', { name, email }),
  ]);
  const attestation = await startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  });
  return callApi('passkey.registerVerify', { ...attestation, email });
}

/** Adds a passkey to the signed-in account; answers the new status. */
export async function linkPasskey() {
  const [{ startRegistration }, options] = await Promise.all([webAuthn(), callApi('passkey.linkOptions')]);
  const attestation = await startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  });
  return callApi('passkey.linkVerify', attestation);
}
