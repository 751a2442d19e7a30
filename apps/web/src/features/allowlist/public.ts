// What other features may use of the IP allowlist: its tab of the IP list page.
export { LazyAllowlistPanel } from './components/lazy-allowlist-panel.tsx';
export { useIpListTabs } from './use-ip-list-tabs.ts';
