import { describe, expect, it, vi } from 'vitest';
import { createBrowserNavigation } from './browser.ts';

function setUp() {
  const location = { assign: vi.fn(), reload: vi.fn() };
  const events = new EventTarget();
  const navigation = createBrowserNavigation(location, events as unknown as Window);
  return { location, events, navigation };
}

describe('leaving the app for a full page load', () => {
  it('starts only the first load a page asks for', () => {
    const { location, navigation } = setUp();
    navigation.assign('/portal/home?redirect=%2Fconsole%2FipList');
    navigation.assign('/portal/home?redirect=%2Fconsole%2FipList');
    navigation.reload();
    expect(location.assign).toHaveBeenCalledTimes(1);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('may leave again once the page comes back from the back-forward cache', () => {
    const { location, events, navigation } = setUp();
    navigation.assign('/console/checkout-counter?paymentId=1');
    events.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    navigation.reload();
    expect(location.reload).not.toHaveBeenCalled();
    events.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    navigation.reload();
    expect(location.reload).toHaveBeenCalledTimes(1);
  });
});
