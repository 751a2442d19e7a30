import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNearViewport } from './when-near-viewport.tsx';

/** A stand-in IntersectionObserver the test tells when its element comes into view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  enter(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }));
    this.callback(entries as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeObserver.instances = [];
});

describe('WhenNearViewport', () => {
  it('holds the space with an empty box until the place is in view, then renders the children', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(
      <WhenNearViewport height={280}>
        <p>chart</p>
      </WhenNearViewport>,
    );
    expect(screen.queryByText('chart')).not.toBeInTheDocument();
    expect(screen.getByTestId('deferred')).toHaveStyle({ height: '280px' });
    // Not observed before the first paint: a frame and a task later.
    expect(FakeObserver.instances).toHaveLength(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const [observer] = FakeObserver.instances;
    expect(observer!.observed).toEqual([screen.getByTestId('deferred')]);

    act(() => observer!.enter(false));
    expect(screen.queryByText('chart')).not.toBeInTheDocument();
    act(() => observer!.enter(true));
    expect(screen.getByText('chart')).toBeInTheDocument();
    expect(screen.queryByTestId('deferred')).not.toBeInTheDocument();
    expect(observer!.disconnected).toBe(true);
  });

  it('renders the children at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearViewport height={280}>
        <p>chart</p>
      </WhenNearViewport>,
    );
    expect(screen.getByText('chart')).toBeInTheDocument();
  });
});
