import { browserNavigation } from './browser.ts';
import { readCookie, removeCookie, writeCookie } from './cookies.ts';
import { LANGUAGE_STORAGE_KEY } from './i18n/i18n.ts';
import { leaveSignInNotice, type SignInNotice } from './sign-in-notice.ts';

export const TOKEN_COOKIE = 'token';
/** Seed flag of a first visit; sign-out removes it with everything else. */
export const FIRST_VISIT_FLAG = 'isFirst';
export const PORTAL_HOME_PATH = '/portal/home';
export const REDIRECT_PARAM = 'redirect';

// The server decides how long a session lives; the cookie only has to outlast a browser restart.
const TOKEN_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function readToken(): string | null {
  const token = readCookie(TOKEN_COOKIE);
  return token ? token : null;
}

export function hasToken(): boolean {
  return readToken() !== null;
}

export function storeToken(token: string): void {
  writeCookie(TOKEN_COOKIE, token, { maxAgeSeconds: TOKEN_COOKIE_MAX_AGE_SECONDS });
}

/**
 * Seed sign-out: wipe both storages, the `isFirst` flag and the token cookie, then load the portal
 * with `redirect` = the current address, unless the address already carries a redirect (keep it,
 * so repeated sign-outs never nest redirects). Deliberately kept: the `language` preference, which
 * belongs to the person at the screen rather than to the session. `notice` says on the sign-in
 * page why it is shown (a session the server ended); a person's own sign-out needs none.
 */
export function signOut(notice?: SignInNotice): void {
  const language = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  sessionStorage.clear();
  if (notice) leaveSignInNotice(notice);
  localStorage.clear();
  if (language !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  removeCookie(FIRST_VISIT_FLAG);
  removeCookie(TOKEN_COOKIE);
  const { pathname, search } = window.location;
  const existing = new URLSearchParams(search).get(REDIRECT_PARAM);
  const redirect = existing ?? `${pathname}${search}`;
  const query = new URLSearchParams({ [REDIRECT_PARAM]: redirect });
  browserNavigation.assign(`${PORTAL_HOME_PATH}?${query.toString()}`);
}
