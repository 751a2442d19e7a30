import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf, currentLanguage } from '../shared/i18n/i18n.ts';
import { useCompactLayout } from '../shared/ui/use-compact-layout.ts';
import { useReducedMotion } from '../shared/ui/use-reduced-motion.ts';
import { readCspNonce } from './csp-nonce.ts';
import { appTheme } from './theme.ts';
// Ant Design's rules of no one component (icons, motions); each component's own come with its
// code (build/antd-stylesheet.ts). With them its components generate no CSS in the page.
import 'virtual:antd-css/base.css';

const csp = { nonce: readCspNonce() };
/**
 * Control heights on touch screens. Small controls (dense table actions) keep their look and get
 * a finger's hit box from an invisible layer instead (global.css); the pagination's small pages
 * and the menu's entries, side by side or stacked with little room between, grow themselves.
 */
const touchSizes = { controlHeight: 44, controlHeightLG: 48, controlHeightSM: 32 };
const touchComponents = {
  Menu: { ...appTheme.components?.Menu, itemHeight: 44 },
  Pagination: { itemSizeSM: 44 },
};

/**
 * Ant Design's theme, locale and CSP nonce, following the language, the screen's width and the
 * reduced-motion setting. The toasts' holder (app/toasts.tsx) renders in it too.
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  // Subscribes to language changes so Ant Design's locale follows the switch.
  useTranslation();
  // Honour the system's reduced-motion setting: Ant Design then skips its animations.
  const reducedMotion = useReducedMotion();
  // Below `lg` people touch rather than point: controls grow to a finger's 44 px.
  const compact = useCompactLayout();
  const theme = useMemo(
    () => ({
      ...appTheme,
      // Only builds have the static rules; development and tests keep the run-time styles.
      zeroRuntime: import.meta.env.PROD,
      token: {
        ...appTheme.token,
        ...(reducedMotion ? { motion: false } : {}),
        ...(compact ? touchSizes : {}),
      },
      components: { ...appTheme.components, ...(compact ? touchComponents : {}) },
    }),
    [reducedMotion, compact],
  );
  return (
    <ConfigProvider locale={antdLocaleOf(currentLanguage())} theme={theme} csp={csp}>
      {children}
    </ConfigProvider>
  );
}

/**
 * The frame of every piece built with Ant Design: its configuration and the `App` context
 * (`App.useApp()`'s modal, message and notification, drawn in the piece's holders). Each console
 * page not marked `plain` renders in its own, fetched with it (app/router.tsx), and so does each
 * lazily loaded piece of the console's frame (shared/ui/lazy-with-antd.tsx); the portal's
 * non-plain pages, the operator console and the not-found page share one (app/antd-shell.tsx).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <AntdConfig>
      <App>{children}</App>
    </AntdConfig>
  );
}

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Every provider a console page runs in: TanStack Query (main.tsx's too) and Ant Design. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdProviders>{children}</AntdProviders>
    </QueryClientProvider>
  );
}
