import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasToken, REDIRECT_PARAM } from '../shared/session.ts';
import { leaveSignInNotice } from '../shared/sign-in-notice.ts';
import { PORTAL_HOME, PORTAL_RESET } from '../shared/paths.ts';

interface Address {
  pathname: string;
  search: string;
}

/** Signed-in areas: the customer console and the operator console. */
function isConsoleAddress(pathname: string): boolean {
  return ['/console', '/admin'].some(
    (root) => pathname === root || pathname.startsWith(`${root}/`),
  );
}

/** Pages a visitor without a session opens: sign-in, and the password reset it links to. */
const OPEN_PAGES: readonly string[] = [PORTAL_HOME, PORTAL_RESET];

/**
 * Where the guard sends a visitor, or null to let them through. Without a token only the portal
 * home and the password reset open; console addresses are remembered in `redirect` so sign-in
 * lands back there.
 */
export function guardRedirect(address: Address, signedIn: boolean): string | null {
  if (signedIn || OPEN_PAGES.includes(address.pathname)) return null;
  if (!isConsoleAddress(address.pathname)) return PORTAL_HOME;
  const query = new URLSearchParams({ [REDIRECT_PARAM]: `${address.pathname}${address.search}` });
  return `${PORTAL_HOME}?${query.toString()}`;
}

export function RouteGuard() {
  const location = useLocation();
  const target = guardRedirect(location, hasToken());
  return target ? (
    <Redirect to={target} remembered={isConsoleAddress(location.pathname)} />
  ) : (
    <Outlet />
  );
}

/**
 * Goes to the portal; from a console address the sign-in card then says "please sign in first"
 * (left before the portal renders: a child's navigation is applied after this effect).
 */
function Redirect({ to, remembered }: { to: string; remembered: boolean }) {
  useEffect(() => {
    if (remembered) leaveSignInNotice('signInRequired');
  }, [remembered]);
  return <Navigate to={to} replace />;
}
