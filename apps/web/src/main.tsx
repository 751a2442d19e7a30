// i18n first: modules below translate as soon as they render.
import { startI18n } from './shared/i18n/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/global.css';
import { readCspNonce, stampNonceOnCreatedStyles } from './app/csp-nonce.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';

const nonce = readCspNonce();
if (nonce) stampNonceOnCreatedStyles(nonce);

const router = createAppRouter();
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// Only the language shown is fetched; nothing renders before its texts are here. (A promise,
// not a top-level await: with one, the bundler stops merging shared chunks.)
void startI18n().then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
