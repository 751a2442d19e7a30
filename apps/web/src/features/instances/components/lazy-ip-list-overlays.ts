import { lazy } from 'react';

// The IP list's dialogs, drawer and menu are fetched when first wanted, not with the page: their
// Ant Design components (Modal, Drawer, Descriptions, Radio, QRCode, Dropdown with its Menu…)
// and those components' stylesheets would otherwise be loaded and parsed before the first
// screen, which draws none of them. Hovering or focusing the button that opens one fetches it
// ahead (`preload…`), so that it usually opens at once.
const loadRenewModal = () => import('./renew-modal.tsx');
const loadDetailDrawer = () => import('./instance-detail-drawer.tsx');
const loadSubscriptionModal = () => import('./subscription-modal.tsx');
const loadExportMenu = () => import('./export-menu.tsx');

export const LazyRenewModal = lazy(() =>
  loadRenewModal().then((module) => ({ default: module.RenewModal })),
);
export const LazyInstanceDetailDrawer = lazy(() =>
  loadDetailDrawer().then((module) => ({ default: module.InstanceDetailDrawer })),
);
export const LazySubscriptionModal = lazy(() =>
  loadSubscriptionModal().then((module) => ({ default: module.SubscriptionModal })),
);
export const LazyExportMenu = lazy(() =>
  loadExportMenu().then((module) => ({ default: module.ExportMenu })),
);

/** Fetches a piece ahead of its first use; a failure is left to the use, which shows it. */
function preload(load: () => Promise<unknown>) {
  return () => void load().catch(() => undefined);
}
export const preloadRenewModal = preload(loadRenewModal);
export const preloadDetailDrawer = preload(loadDetailDrawer);
export const preloadSubscriptionModal = preload(loadSubscriptionModal);
export const preloadExportMenu = preload(loadExportMenu);
