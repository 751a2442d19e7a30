import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PREFIX } from '@stratus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import PortalPage from './portal-page.tsx';

const routes = [{ path: '/portal/home', element: <PortalPage /> }];

afterEach(async () => {
  await changeLanguage('zh-CN');
});

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
    expect(screen.queryByRole('link', { name: /进入控制台/ })).not.toBeInTheDocument();
  });

  it('offers the console to a token holder', () => {
    document.cookie = 'token=abc; path=/';
    renderRoutes(routes, '/portal/home');
    expect(screen.getByRole('link', { name: /进入控制台/ })).toHaveAttribute(
      'href',
      '/console/overview',
    );
  });

  it('switches the language from its own menu, by pointer and by keyboard', async () => {
    renderRoutes(routes, '/portal/home');
    const trigger = screen.getByRole('button', { name: '语言: 中文' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(screen.getByRole('menuitemradio', { name: '中文', checked: true })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'English', checked: false })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(i18n.language).toBe('en-US');
    expect(localStorage.getItem('language')).toBe('en-US');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeInTheDocument();
  });
});
