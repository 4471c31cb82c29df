import type {
  AuthenticationExtensionsClientOutputs,
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';

/** Base64url text as WebAuthn JSON carries it; capped so a huge body cannot reach the verifier. */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Not base64url');

const credentialBase = {
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z
    .custom<AuthenticationExtensionsClientOutputs>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      'Expected an object',
    )
    .default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullish(),
};

/** The browser's answer to navigator.credentials.create(), as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(32_768),
    authenticatorData: b64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(8192).optional(),
  }),
});

/** The browser's answer to navigator.credentials.get(). */
export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(16_384),
    signature: b64url(8192),
    userHandle: b64url(512).nullish(),
  }),
});

export type RegistrationInput = z.infer<typeof registrationResponseSchema>;
export type AuthenticationInput = z.infer<typeof authenticationResponseSchema>;

/** The parsed input in the library's own type (the schema mirrors it; nulls become absent). */
export function asRegistrationResponse(input: RegistrationInput): RegistrationResponseJSON {
  return { ...input, authenticatorAttachment: input.authenticatorAttachment ?? undefined };
}

export function asAuthenticationResponse(input: AuthenticationInput): AuthenticationResponseJSON {
  return {
    ...input,
    authenticatorAttachment: input.authenticatorAttachment ?? undefined,
    response: { ...input.response, userHandle: input.response.userHandle ?? undefined },
  };
}

/** The passkey name of a new account; it becomes the username too, so it follows the username rule. */
export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter name')
  .regex(/^[A-Za-z0-9_.]{3,32}$/, 'Use 3 to 32 letters, digits, dots or underscores');

/** An optional email: blank is none; one that is not an email is ignored (the account just gets none). */
export const optionalEmailSchema = z
  .string()
  .max(254)
  .nullish()
  .transform((value) => {
    const email = value?.trim().toLowerCase();
    return email && z.email().safeParse(email).success ? email : undefined;
  });

export const registerOptionsInput = z.object({ name: passkeyNameSchema, email: optionalEmailSchema });
export const registerVerifyInput = registrationResponseSchema.extend({ email: optionalEmailSchema });
export const loginOptionsInput = z
  .object({
    username: z.string().trim().max(254).nullish(),
    email: z.string().trim().max(254).nullish(),
  })
  .nullish();
