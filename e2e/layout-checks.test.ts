import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './support/browser.ts';
import { findLayoutProblems, type LayoutProblem } from './support/layout-checks.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };

/** Styles the fixtures share: a 20 px control and ways of giving it a finger's hit box. */
const STYLE = `
  body { margin: 16px; font: 14px/20px sans-serif; }
  button { width: 20px; height: 20px; padding: 0; border: 0; }
  .grown { position: relative; }
  .grown::after { content: ''; position: absolute; left: 50%; top: 50%; width: 44px; height: 44px;
    transform: translate(-50%, -50%); }
  .row { display: flex; align-items: center; min-height: 44px; gap: 8px; }
  .box { opacity: 0; position: absolute; }
  .cover { position: relative; margin-top: -18px; height: 18px; background: white; }
`;

// The layout checker's touch-target rule on small pages of its own: what it counts as a hit box
// and which controls it lets off, at a phone's width and at a laptop's.
describe('the layout checker on touch targets', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser({ viewport: PHONE });
  });
  afterAll(() => browser?.close());

  async function problemsOf(body: string, viewport = PHONE): Promise<LayoutProblem[]> {
    await browser.page.setViewportSize(viewport);
    await browser.page.setContent(`<style>${STYLE}</style>${body}`);
    return findLayoutProblems(browser.page);
  }

  it('names a control smaller than 44×44 px on a phone, with the size a tap finds', async () => {
    expect(await problemsOf('<button aria-label="copy"></button>')).toEqual([
      { kind: 'small-target', what: expect.stringMatching(/"copy" .* taps as 20×20$/) },
    ]);
  });

  it('leaves a desktop alone: a pointer aims finer than a finger', async () => {
    expect(await problemsOf('<button aria-label="copy"></button>', LAPTOP)).toEqual([]);
  });

  it('counts an invisible overlay grown around the control as its hit box', async () => {
    expect(await problemsOf('<button class="grown" aria-label="copy"></button>')).toEqual([]);
  });

  it('measures a hidden checkbox by the label row that takes its taps', async () => {
    const row = '<label class="row"><input type="checkbox" class="box" />Remember me</label>';
    expect(await problemsOf(row)).toEqual([]);
  });

  it('lets off a link inside a sentence and a disabled control, but not a lone small link', async () => {
    const sentence = '<p>Read <a href="#terms">the terms</a> before you buy.</p>';
    expect(await problemsOf(`${sentence}<button disabled aria-label="off"></button>`)).toEqual([]);
    expect(await problemsOf('<div><a href="#all">All</a></div>')).toEqual([
      { kind: 'small-target', what: expect.stringMatching(/"All" .* taps as \d+×\d+$/) },
    ]);
  });

  it('takes off the part of a hit box that a neighbour lies over', async () => {
    const covered = '<div class="row"><button class="grown" aria-label="copy"></button></div>';
    const problems = await problemsOf(`${covered}<div class="cover"></div>`);
    expect(problems.map((problem) => problem.kind)).toEqual(['small-target']);
  });
});
