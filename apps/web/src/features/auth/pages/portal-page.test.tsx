import { screen } from '@testing-library/react';
import { API_PREFIX } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render-app.tsx';
import PortalPage from './portal-page.tsx';

const routes = [{ path: '/portal/home', element: <PortalPage /> }];

describe('PortalPage', () => {
  it('presents the product with sign-in, features, steps and footer', () => {
    renderRoutes(routes, '/portal/home');
    expect(
      screen.getByRole('heading', { name: '稳定纯净的代理 IP，开箱即用' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '为什么选择层云代理' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '三步开始使用' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    // Screen-reader users skim by heading level: each level follows the one above it.
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
    expect(screen.getByRole('link', { name: 'API 文档' })).toHaveAttribute(
      'href',
      `${API_PREFIX}/docs`,
    );
    expect(screen.queryByRole('button', { name: /进入控制台/ })).not.toBeInTheDocument();
  });

  it('offers the console to a token holder', () => {
    document.cookie = 'token=abc; path=/';
    renderRoutes(routes, '/portal/home');
    expect(screen.getByRole('button', { name: /进入控制台/ })).toBeInTheDocument();
  });
});
