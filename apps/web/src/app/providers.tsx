import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf, currentLanguage } from '../shared/i18n/i18n.ts';
import { useCompactLayout } from '../shared/ui/use-compact-layout.ts';
import { useReducedMotion } from '../shared/ui/use-reduced-motion.ts';
import { readCspNonce } from './csp-nonce.ts';
import { FeedbackBinder } from './feedback-binder.tsx';
import { appTheme } from './theme.ts';

const csp = { nonce: readCspNonce() };
/** Control heights on touch screens; small controls (dense table actions) stay smaller. */
const touchSizes = { controlHeight: 44, controlHeightLG: 48, controlHeightSM: 32 };

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  // Subscribes to language changes so Ant Design's locale follows the switch.
  useTranslation();
  // Honour the system's reduced-motion setting: Ant Design then skips its animations.
  const reducedMotion = useReducedMotion();
  // Below `lg` people touch rather than point: controls grow to a finger's 44 px.
  const compact = useCompactLayout();
  const theme = useMemo(
    () => ({
      ...appTheme,
      token: {
        ...appTheme.token,
        ...(reducedMotion ? { motion: false } : {}),
        ...(compact ? touchSizes : {}),
      },
    }),
    [reducedMotion, compact],
  );
  return (
    <ConfigProvider locale={antdLocaleOf(currentLanguage())} theme={theme} csp={csp}>
      <App>
        <FeedbackBinder />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
