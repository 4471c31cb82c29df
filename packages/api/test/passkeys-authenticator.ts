import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  counter: number;
}

/** A DOMException-like failure, named as a browser would name it. */
export class CeremonyError extends Error {
  constructor(name: 'NotAllowedError' | 'InvalidStateError', message: string) {
    super(message);
    this.name = name;
  }
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const uint32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

/**
 * A software passkey authenticator (ES256, "none" attestation, resident keys, user verification),
 * standing in for the browser plus a platform authenticator: it answers the options our server
 * gives exactly as navigator.credentials.create()/get() would, signed with real keys.
 */
export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(readonly origin: string) {}

  private get rpId() {
    return new URL(this.origin).hostname;
  }

  /** navigator.credentials.create(); `reuse` re-attests an existing credential (a replayed or cloned key). */
  create(options: PublicKeyCredentialCreationOptionsJSON, reuse?: Credential): RegistrationResponseJSON {
    const rpId = options.rp.id ?? this.rpId;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (!reuse && this.credentials.some((c) => c.rpId === rpId && excluded.has(b64url(c.id)))) {
      throw new CeremonyError('InvalidStateError', 'The authenticator was previously registered');
    }
    let credential = reuse;
    if (!credential) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      credential = {
        id: randomBytes(16),
        rpId,
        userHandle: options.user.id,
        privateKey,
        cosePublicKey: isoCBOR.encode(cose),
        counter: 0,
      };
      // A resident key replaces the one this authenticator held for the same account.
      const same = this.credentials.findIndex((c) => c.rpId === rpId && c.userHandle === options.user.id);
      if (same >= 0) this.credentials.splice(same, 1);
      this.credentials.push(credential);
    }
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      uint32(credential.counter),
      Buffer.alloc(16), // AAGUID
      Buffer.from([credential.id.length >> 8, credential.id.length & 0xff]),
      credential.id,
      credential.cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.origin,
      crossOrigin: false,
    });
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: Buffer.from(clientDataJSON).toString('base64url'),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get(): the first allowed credential, or any resident one when none is listed. */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    override: { origin?: string } = {},
  ): AuthenticationResponseJSON {
    const rpId = options.rpId ?? this.rpId;
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential = this.credentials.find(
      (c) => c.rpId === rpId && (!allowed?.length || allowed.includes(b64url(c.id))),
    );
    if (!credential) throw new CeremonyError('NotAllowedError', 'No passkey for this site');
    credential.counter += 1;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), uint32(credential.counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: override.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
