import { screen, within } from '@testing-library/react';
import type { Overview } from '@stratus/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { OverviewStats } from './overview-stats.tsx';

const GB = 1024 ** 3;
const overview = (expiringWithin7Days: number) =>
  ({
    balance: 75,
    activeInstances: 1,
    expiringWithin7Days,
    traffic: { activePackages: 1, totalBytes: 20 * GB, remainingBytes: 5 * GB },
  }) as Overview;

const cards = ['overview-balance', 'overview-active', 'overview-expiring', 'overview-traffic'];

/** How many lines (elements) a card's body holds: a title with its value, a link… */
function linesOf(testId: string): number {
  return screen.getByTestId(testId).lastElementChild!.children.length;
}

function render(props: Parameters<typeof OverviewStats>[0]) {
  return renderWithProviders(
    <MemoryRouter>
      <OverviewStats {...props} />
    </MemoryRouter>,
  );
}

// The cards must not change height when their numbers come: on a phone, one card a line, a
// card growing or shrinking moves every card under it (Lighthouse's mobile layout shift).
describe('OverviewStats', () => {
  it('while loading, already shows each card with the lines it will have, a busy bar for its number', () => {
    const loading = render({ overview: undefined, loading: true });
    const loadingLines = Object.fromEntries(cards.map((card) => [card, linesOf(card)]));
    for (const card of cards) {
      const element = screen.getByTestId(card);
      expect(element.querySelectorAll('[aria-busy="true"]')).toHaveLength(1);
    }
    expect(within(screen.getByTestId('overview-balance')).getByRole('link')).toHaveTextContent(
      '去充值',
    );
    expect(screen.getByTestId('overview-traffic')).toHaveTextContent('剩余流量 / 总流量');
    loading.unmount();

    for (const expiring of [0, 3]) {
      const loaded = render({ overview: overview(expiring), loading: false });
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
      for (const card of cards) expect(linesOf(card)).toEqual(loadingLines[card]);
      loaded.unmount();
    }
  });

  it('keeps the line of the expiring card’s link when no IP expires, without a link on it', () => {
    render({ overview: overview(0), loading: false });
    const expiring = screen.getByTestId('overview-expiring');
    expect(within(expiring).queryByRole('link')).toBeNull();
    expect(linesOf('overview-expiring')).toBe(linesOf('overview-balance'));
  });
});
