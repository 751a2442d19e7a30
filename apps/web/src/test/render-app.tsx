import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';

/** Renders UI inside the real providers (Ant Design App, i18n, TanStack Query). */
export function renderWithProviders(ui: ReactNode, queryClient = createQueryClient()) {
  return { queryClient, ...render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>) };
}

/** Renders routes in a memory router inside the real providers. */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

export function envelopeResponse(
  body: { code: number; message: string; data: unknown },
  status = 200,
) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
