import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { peekSignInNotice } from '../shared/sign-in-notice.ts';
import { guardRedirect, RouteGuard } from './guard.tsx';

function Where() {
  const location = useLocation();
  return <output>{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  cleanup();
  const router = createMemoryRouter(
    [
      {
        element: <RouteGuard />,
        children: [
          { path: '/portal/home', element: <Where /> },
          { path: '/portal/auth', element: <Where /> },
          { path: '/console/ipList', element: <Where /> },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByRole('status');
}

describe('route guard', () => {
  beforeEach(() => sessionStorage.clear());

  it('sends a visitor without token from a console address to the portal with redirect', () => {
    expect(renderAt('/console/ipList?page=2')).toHaveTextContent(
      '/portal/home?redirect=%2Fconsole%2FipList%3Fpage%3D2',
    );
    // The sign-in card will say why: "please sign in first".
    expect(peekSignInNotice()).toBe('signInRequired');
  });

  it('leaves no notice for the portal itself or an unknown address', () => {
    renderAt('/portal/home');
    renderAt('/somewhere');
    expect(peekSignInNotice()).toBeNull();
  });

  it('sends a visitor without token from other portal addresses to the portal home, no redirect', () => {
    expect(renderAt('/portal/auth')).toHaveTextContent(/^\/portal\/home$/);
    expect(renderAt('/somewhere')).toHaveTextContent(/^\/portal\/home$/);
  });

  it('opens the portal home without a token', () => {
    expect(renderAt('/portal/home?redirect=%2Fconsole%2Foverview')).toHaveTextContent(
      '/portal/home?redirect=%2Fconsole%2Foverview',
    );
  });

  it('opens the password reset without a token, the mailed link with its token', () => {
    expect(renderAt('/portal/reset')).toHaveTextContent(/^\/portal\/reset$/);
    expect(renderAt('/portal/reset?token=abc')).toHaveTextContent(/^\/portal\/reset\?token=abc$/);
  });

  it('opens every route for a token holder', () => {
    document.cookie = 'token=abc; path=/';
    expect(renderAt('/console/ipList?page=2')).toHaveTextContent('/console/ipList?page=2');
    expect(renderAt('/portal/auth')).toHaveTextContent(/^\/portal\/auth$/);
  });

  it('treats an empty token cookie as signed out', () => {
    document.cookie = 'token=; path=/';
    expect(guardRedirect({ pathname: '/console', search: '' }, false)).toBe(
      '/portal/home?redirect=%2Fconsole',
    );
    expect(renderAt('/console/ipList')).toHaveTextContent(
      '/portal/home?redirect=%2Fconsole%2FipList',
    );
  });
});
