import type { Locator, Page } from 'playwright-core';

/** More presses than any of our pages has stops before its main actions. */
const MAX_STOPS = 80;

/** Whether the keyboard focus is on the target or inside it. */
function holdsFocus(target: Locator): Promise<boolean> {
  return target.evaluate(
    (element) => element === document.activeElement || element.contains(document.activeElement),
  );
}

/**
 * The moves of a keyboard user on a page: each presses one key until the target has the focus,
 * and fails, naming where the focus is, when the target is not among the stops that key reaches.
 */
export function journeyKeys(page: Page) {
  async function pressUntilFocused(target: Locator, key: string) {
    await target.waitFor();
    for (let stop = 0; stop < MAX_STOPS; stop += 1) {
      if (await holdsFocus(target)) return;
      await page.keyboard.press(key);
    }
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
    throw new Error(`${MAX_STOPS} × ${key} never reached ${target}; the focus is on ${focused}`);
  }
  return {
    /** Tab (or Shift+Tab) through the page's tab stops to the target. */
    tabTo: (target: Locator, { backwards = false }: { backwards?: boolean } = {}) =>
      pressUntilFocused(target, backwards ? 'Shift+Tab' : 'Tab'),
    /** Arrow down through an open menu or list to the target. */
    arrowTo: (target: Locator) => pressUntilFocused(target, 'ArrowDown'),
    /** Whether the focus is on the target or inside it, e.g. a dialog that should hold it. */
    focusIsWithin: holdsFocus,
  };
}
