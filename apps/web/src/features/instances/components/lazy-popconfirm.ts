import { lazy } from 'react';

// Ant Design's Popconfirm (with the Popover it is built on), fetched when a row's action that
// asks first is pointed at, focused or pressed: the list draws none until then (use-armed.ts).
const loadPopconfirm = () => import('./antd-popconfirm.ts');

export const LazyPopconfirm = lazy(() =>
  loadPopconfirm().then((module) => ({ default: module.Popconfirm })),
);
export const preloadPopconfirm = () => void loadPopconfirm().catch(() => undefined);
