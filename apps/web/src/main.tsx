// i18n first: modules below translate as soon as they render.
import { startI18n } from './shared/i18n/i18n.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/global.css';
import { readCspNonce, stampNonceOnCreatedStyles } from './app/csp-nonce.ts';
import { guardRedirect } from './app/guard.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { findPageRoute } from './app/routes.ts';
import { hasToken } from './shared/session.ts';

const nonce = readCspNonce();
if (nonce) stampNonceOnCreatedStyles(nonce);

// The page asked for is fetched while the texts are, not after them (the guard's answer decides
// whether it is the page that will show). A failure here is the router's to handle when it loads
// the page itself.
if (guardRedirect(window.location, hasToken()) === null)
  findPageRoute(window.location.pathname)
    ?.load()
    .catch(() => undefined);

const router = createAppRouter();
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// Only the language shown is fetched; nothing renders before its texts are here. (A promise,
// not a top-level await: with one, the bundler stops merging shared chunks.) Ant Design and its
// providers come with the first page that uses them (app/antd-shell.tsx), never with the portal.
void startI18n().then(() =>
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
