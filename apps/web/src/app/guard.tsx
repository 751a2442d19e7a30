import { Navigate, Outlet, useLocation } from 'react-router';
import { hasToken, REDIRECT_PARAM } from '../shared/session.ts';
import { PORTAL_HOME } from '../shared/paths.ts';

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

/**
 * Where the guard sends a visitor, or null to let them through. Without a token only the portal
 * home opens; console addresses are remembered in `redirect` so sign-in lands back there.
 */
export function guardRedirect(address: Address, signedIn: boolean): string | null {
  if (signedIn || address.pathname === PORTAL_HOME) return null;
  if (!isConsoleAddress(address.pathname)) return PORTAL_HOME;
  const query = new URLSearchParams({ [REDIRECT_PARAM]: `${address.pathname}${address.search}` });
  return `${PORTAL_HOME}?${query.toString()}`;
}

export function RouteGuard() {
  const location = useLocation();
  const target = guardRedirect(location, hasToken());
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
