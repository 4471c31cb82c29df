import {
  AppError,
  finishOAuth,
  isOAuthProvider,
  isProviderConfigured,
  OAUTH_STATE_MAX_AGE_SECONDS,
  type OAuthMode,
  type OAuthProvider,
  startOAuth,
} from '@dolya/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { ContextFactory } from '../context';
import { body, type CallerFor, param } from './caller';

/** Binds an OAuth flow's state to the browser that started it. */
export const OAUTH_STATE_COOKIE = 'dolya_oauth_state';

/**
 * OAuth for Google and Yandex (spec §7). The start and callback legs are browser navigations (GET,
 * answered with 302s to same-site paths or to the provider); the sign-up confirmation is JSON.
 */
export function oauthRoutes(
  app: FastifyInstance,
  call: CallerFor,
  createContext: ContextFactory,
  config: Config,
) {
  const cookieOptions = {
    path: '/api/oauth',
    httpOnly: true,
    secure: config.cookieSecure,
    // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site subrequests.
    sameSite: 'lax',
  } as const;

  /** The provider of the path, or a 404 when it is unknown or has no client id on this server. */
  function providerOf(request: FastifyRequest): OAuthProvider {
    const provider = param(request, 'provider');
    if (!isOAuthProvider(provider) || !isProviderConfigured(config, provider)) {
      throw new AppError('NOT_FOUND', 'This sign-in provider is not configured');
    }
    return provider;
  }

  function navigate(reply: FastifyReply, location: string) {
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(location, 302);
  }

  const start = (mode: OAuthMode) => async (request: FastifyRequest, reply: FastifyReply) => {
    const provider = providerOf(request);
    const { redirect } = request.query as { redirect?: unknown };
    const flow = await startOAuth(await createContext(request, reply), provider, mode, redirect);
    if (flow.state) {
      reply.setCookie(OAUTH_STATE_COOKIE, flow.state, {
        ...cookieOptions,
        maxAge: OAUTH_STATE_MAX_AGE_SECONDS,
      });
    }
    return navigate(reply, flow.location);
  };

  app.get('/api/oauth/:provider/start', start('signin'));
  app.get('/api/oauth/:provider/link/start', start('link'));

  app.get('/api/oauth/:provider/callback', async (request, reply) => {
    const provider = providerOf(request);
    const query = new URL(request.url, 'http://callback.invalid').searchParams;
    const cookieState = request.cookies[OAUTH_STATE_COOKIE];
    // Whatever happens next, this flow's binding is used up.
    reply.clearCookie(OAUTH_STATE_COOKIE, cookieOptions);
    const location = await finishOAuth(await createContext(request, reply), provider, query, cookieState);
    return navigate(reply, location);
  });

  // 200 {user, redirect}: the new account, signed in, and where the sign-in wanted to end.
  app.post('/api/oauth/confirm', async (request, reply) =>
    (await call(request, reply)).oauth.confirm(body(request) as never),
  );
}
