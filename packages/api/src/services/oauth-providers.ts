import * as client from 'openid-client';
import { z } from 'zod';
import type { ApiConfig } from '../context';

/** The OAuth providers, as they appear in URLs (/api/oauth/google/...). */
export const OAUTH_PROVIDERS = ['google', 'yandex'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The `identities.provider` value of each. */
export const IDENTITY_PROVIDER: Record<OAuthProvider, 'GOOGLE' | 'YANDEX'> = {
  google: 'GOOGLE',
  yandex: 'YANDEX',
};

export function isOAuthProvider(value: string): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** Who the provider says signed in. */
export interface ExternalIdentity {
  subject: string;
  /** Only an address the provider vouches for; null otherwise. */
  email: string | null;
  name: string | null;
}

export interface FlowChecks {
  state: string;
  codeVerifier: string;
  nonce?: string;
}

/** One provider's side of the authorization code flow (PKCE S256 and state always). */
export interface ProviderClient {
  /** Whether an ID token nonce is part of the flow (OpenID Connect). */
  readonly usesNonce: boolean;
  authorizationUrl(params: {
    redirectUri: string;
    state: string;
    codeChallenge: string;
    nonce?: string;
  }): URL;
  /** Checks the authorization response, exchanges the code and reads the identity. */
  identity(callbackUrl: URL, checks: FlowChecks): Promise<ExternalIdentity>;
}

const HTTP_TIMEOUT_SECONDS = 10;

/** Plain HTTP is allowed only to this machine (a local test or development provider). */
function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

function insecureIfLocal(config: client.Configuration, url: string) {
  // allowInsecureRequests is marked deprecated only to stand out: plain HTTP to loopback providers.
  if (isLoopbackHttp(url)) client.allowInsecureRequests(config);
}

// Discovery runs once per provider configuration; a failed one is forgotten so the next try repeats it.
const googleConfigs = new WeakMap<object, Promise<client.Configuration>>();

function googleConfiguration(google: NonNullable<ApiConfig['google']>): Promise<client.Configuration> {
  let pending = googleConfigs.get(google);
  if (!pending) {
    pending = client.discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, {
      timeout: HTTP_TIMEOUT_SECONDS,
      // allowInsecureRequests is marked deprecated only to stand out: plain HTTP to loopback providers.
      execute: isLoopbackHttp(google.issuer) ? [client.allowInsecureRequests] : [],
    });
    pending.catch(() => googleConfigs.delete(google));
    googleConfigs.set(google, pending);
  }
  return pending;
}

function googleClient(config: client.Configuration): ProviderClient {
  return {
    usesNonce: true,
    authorizationUrl: ({ redirectUri, state, codeChallenge, nonce }) =>
      client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        ...(nonce ? { nonce } : {}),
        prompt: 'select_account',
      }),
    async identity(callbackUrl, checks) {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.codeVerifier,
        ...(checks.nonce ? { expectedNonce: checks.nonce } : {}),
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('No ID token');
      const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email : null;
      const name = typeof claims.name === 'string' ? claims.name : null;
      return { subject: claims.sub, email, name };
    },
  };
}

/** What Yandex ID answers at login.yandex.ru/info?format=json. */
const yandexUserInfo = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  default_email: z.string().nullish(),
  real_name: z.string().nullish(),
  display_name: z.string().nullish(),
  login: z.string().nullish(),
});

function yandexClient(yandex: NonNullable<ApiConfig['yandex']>): ProviderClient {
  // Yandex has no discovery document: the server is described by hand.
  const config = new client.Configuration(
    {
      issuer: new URL(yandex.authorizeUrl).origin,
      authorization_endpoint: yandex.authorizeUrl,
      token_endpoint: yandex.tokenUrl,
    },
    yandex.clientId,
    yandex.clientSecret,
  );
  config.timeout = HTTP_TIMEOUT_SECONDS;
  insecureIfLocal(config, yandex.tokenUrl);
  return {
    usesNonce: false,
    authorizationUrl: ({ redirectUri, state, codeChallenge }) =>
      client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }),
    async identity(callbackUrl, checks) {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.codeVerifier,
      });
      const url = new URL(yandex.userInfoUrl);
      url.searchParams.set('format', 'json');
      const response = await fetch(url, {
        headers: { authorization: `OAuth ${tokens.access_token}`, accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(HTTP_TIMEOUT_SECONDS * 1000),
      });
      if (!response.ok) throw new Error(`Yandex user info answered ${response.status}`);
      const info = yandexUserInfo.parse(await response.json());
      const name = [info.real_name, info.display_name, info.login].find((n) => n?.trim())?.trim() ?? null;
      return { subject: info.id, email: info.default_email?.trim() || null, name };
    },
  };
}

const yandexClients = new WeakMap<object, ProviderClient>();

/** The client of a configured provider; null when this server has no id for it. */
export async function providerClient(
  config: ApiConfig,
  provider: OAuthProvider,
): Promise<ProviderClient | null> {
  if (provider === 'google') {
    return config.google ? googleClient(await googleConfiguration(config.google)) : null;
  }
  if (!config.yandex) return null;
  let yandex = yandexClients.get(config.yandex);
  if (!yandex) {
    yandex = yandexClient(config.yandex);
    yandexClients.set(config.yandex, yandex);
  }
  return yandex;
}

export function isProviderConfigured(config: ApiConfig, provider: OAuthProvider): boolean {
  return provider === 'google' ? !!config.google : !!config.yandex;
}
