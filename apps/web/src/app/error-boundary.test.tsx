import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../shared/browser.ts';
import { changeLanguage } from '../shared/i18n/i18n.ts';
import { renderWithProviders } from '../test/render-app.tsx';
import { ErrorBoundary } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('render failure');
}

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('zh-CN');
});

describe('ErrorBoundary', () => {
  it.each(['zh-CN', 'en-US'] as const)(
    'shows the seed text and a retry that reloads (%s)',
    async (language) => {
      await changeLanguage(language);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
      renderWithProviders(
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>,
      );
      expect(screen.getByText('Sorry, an error occurred on the page!')).toBeInTheDocument();
      const retry = screen.getByRole('button', { name: 'Try again?' });
      expect(retry).toHaveClass('primary');
      await userEvent.click(retry);
      expect(reload).toHaveBeenCalledTimes(1);
    },
  );

  it('renders its children when nothing fails', () => {
    renderWithProviders(
      <ErrorBoundary>
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});
