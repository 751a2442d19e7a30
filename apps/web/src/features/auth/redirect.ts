import { CONSOLE_HOME } from '../../shared/paths.ts';

/**
 * Where to go after sign-in: the `redirect` parameter when it is a path on this site, otherwise
 * the console. Only a single leading slash counts: `//host` and `/\host` are read by browsers as
 * other origins, and control characters (stripped by URL parsing) could turn a path into one.
 */
export function safeRedirectTarget(
  redirect: string | null,
  origin = window.location.origin,
): string {
  if (!redirect || !redirect.startsWith('/')) return CONSOLE_HOME;
  if (redirect.startsWith('//') || redirect.startsWith('/\\')) return CONSOLE_HOME;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(redirect)) return CONSOLE_HOME;
  try {
    const url = new URL(redirect, origin);
    if (url.origin !== origin) return CONSOLE_HOME;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return CONSOLE_HOME;
  }
}
