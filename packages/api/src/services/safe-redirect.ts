/**
 * The one gate for every `redirect` target the server sends a browser to (OAuth start, callbacks,
 * confirmation): only a path on this site passes, and not the sign-in page itself (spec §2:
 * targets starting with /login are discarded). Anything else becomes the fallback.
 *
 * Accepted: a string of printable ASCII that starts with exactly one '/', whose every
 * percent-decoding (up to a few layers, so double-encoding cannot hide anything) still starts with
 * one '/' and holds no backslash, encoded slash or control character, and that a URL parser
 * resolves to this very origin. Refused, for example: '//evil.example', '/\\evil.example',
 * '/%2fevil.example', '/%252f...', 'javascript:...', 'https://...', '/\t/evil.example',
 * ' /x', and anything with non-ASCII characters (fullwidth slashes and the like).
 */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (!isSafeRedirect(target)) return fallback;
  const path = normalise(target);
  return isLoginPath(path) ? fallback : path;
}

/**
 * '/login', '/login?…', '/login/…' and '/loginx', however they are spelled: after dot segments are
 * resolved ('/x/../login'), percent-decoded ('/%6cogin') and in any case (the web router matches
 * paths case-insensitively).
 */
function isLoginPath(path: string): boolean {
  return decodeURIComponent(new URL(path, BASE).pathname).toLowerCase().startsWith('/login');
}

const MAX_LENGTH = 2048;
const BASE = 'http://dolya.invalid';
/** Percent-decoding layers checked; deeper nesting is refused outright. */
const MAX_DECODE_LAYERS = 4;

export function isSafeRedirect(target: unknown): target is string {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return false;
  // Printable ASCII only: no spaces, tabs, newlines (browsers drop them, so '/\t/host' becomes
  // '//host'), DEL, or look-alike Unicode slashes and dots.
  if (!/^[\x21-\x7e]+$/.test(target)) return false;
  let layer = target;
  for (let depth = 0; ; depth++) {
    if (!isPlainPath(layer)) return false;
    if (!layer.includes('%')) break;
    if (depth === MAX_DECODE_LAYERS) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return false;
    }
    if (decoded === layer) break;
    layer = decoded;
  }
  // Last word to a real URL parser: the target must stay on this origin, and what it makes of the
  // dot segments ('/a/..//host', '/.//host' and '/x/%2e%2e//host' all become '//host') must too.
  try {
    const url = new URL(target, BASE);
    return url.origin === BASE && isPlainPath(normalise(target));
  } catch {
    return false;
  }
}

/** One '/' first, then no second '/' or '\', no backslash anywhere, no encoded slash, no control character. */
function isPlainPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\')) return false;
  if (/%(2f|5c)/i.test(value)) return false;
  // Control characters (C0, DEL, C1) that an earlier decoding layer may have produced.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  return true;
}

/** The path as a URL parser reads it, so what is sent is exactly what was checked. */
function normalise(target: string): string {
  const url = new URL(target, BASE);
  return `${url.pathname}${url.search}${url.hash}`;
}
