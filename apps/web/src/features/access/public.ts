// What other features may use of customer access: the allowlist tab of the IP list, the
// sub-users card of the dynamic page, and the sub-users the traffic history filters by.
export { LazyAllowlistPanel } from './components/lazy-allowlist-panel.tsx';
export { SubUsersCard } from './components/sub-users-card.tsx';
export { useSubUsers } from './api.ts';
export { useIpListTabs } from './use-ip-list-tabs.ts';
