// What other features may use of auth (the only file they may import from it): signing out,
// and the portal's top bar for pages shown outside the console.
export { logOut } from './session-calls.ts';
export { PortalTopBar } from './components/portal-top-bar.tsx';
