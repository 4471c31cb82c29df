import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Telegram's scripts: the mini app's telegram-web-app.js and the login widget's telegram-widget.js. */
const TELEGRAM_SCRIPTS = 'https://telegram.org';
/** The login widget's iframe. */
const TELEGRAM_LOGIN_FRAME = 'https://oauth.telegram.org';
/**
 * Telegram's web clients, which show the mini app in an iframe: web.telegram.org (its K and A
 * clients live under it) and the older webk./webz. hosts.
 */
const TELEGRAM_WEB_CLIENTS = [
  'https://web.telegram.org',
  'https://*.web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
];

export interface SecurityHeadersOptions {
  /** The public URL's origin: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  /** 'sha256-…' sources of the inline scripts of the served index.html (its theme script). */
  inlineScriptHashes: string[];
  /** More origins that may frame the app (FRAME_ANCESTORS), besides Telegram's web clients. */
  frameAncestors?: string[];
}

/** The Content-Security-Policy directives the app runs under. */
export function contentSecurityPolicy({
  publicUrl,
  inlineScriptHashes,
  frameAncestors = [],
}: SecurityHeadersOptions) {
  const https = new URL(publicUrl).protocol === 'https:';
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", TELEGRAM_SCRIPTS, ...inlineScriptHashes.map((hash) => `'${hash}'`)],
    // Inline styles only: sonner and Radix's scroll lock add <style> elements at run time, and
    // style attributes are everywhere; styles cannot run code, scripts stay without 'unsafe-inline'.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: [TELEGRAM_LOGIN_FRAME],
    frameAncestors: ["'self'", ...TELEGRAM_WEB_CLIENTS, ...frameAncestors],
    formAction: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * Security headers on every answer (pages, assets, /api, /trpc): the CSP above, nosniff, a
 * strict-origin-when-cross-origin referrer, and HSTS only when the public URL is https (over
 * plain http it would be ignored at best and lock a misconfigured host out at worst).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  const https = new URL(options.publicUrl).protocol === 'https:';
  // Built once: @fastify/helmet built helmet's middleware and parsed this CSP again on every
  // request, 2–3 % of a small API call's CPU.
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // A year, for this host only: its parent domain may serve other things over plain http.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // frame-ancestors decides who may frame the app; X-Frame-Options would also refuse Telegram Web.
    xFrameOptions: false,
    // Popups opened from our pages (the Telegram login's) must keep their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => done());
  });
}
