import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './support/browser.ts';
import { findLayoutProblems, type LayoutProblem } from './support/layout-checks.ts';

/** A page of plain HTML, as narrow as a phone, and what the checker says about it. */
async function problemsOn(browser: Browser, body: string): Promise<LayoutProblem['kind'][]> {
  await browser.page.setContent(
    `<html><body style="margin:0;font:14px/20px sans-serif">${body}</body></html>`,
  );
  return (await findLayoutProblems(browser.page)).map((problem) => problem.kind);
}

const table = (first: string, second: string) =>
  `<table style="border-collapse:collapse;table-layout:fixed;width:200px"><tr>` +
  `<td style="width:60px;padding:0">${first}</td><td style="padding:0">${second}</td></tr></table>`;

// The sweeps of every page trust these rules; each is shown here to catch what a person saw on
// the screenshots and to stay quiet about the fixed version of the same thing.
describe('the layout checker', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
  });
  afterAll(() => browser?.close());

  it('names a date, a word or a short Chinese label split across lines', async () => {
    const narrow = (text: string) =>
      `<div style="width:70px;overflow-wrap:break-word">${text}</div>`;
    expect(await problemsOn(browser, narrow('2026-11-25 02:01:12'))).toContain('broken-word');
    expect(await problemsOn(browser, narrow('Quarantined'))).toContain('broken-word');
    expect(await problemsOn(browser, `<div style="width:60px">近30天流量</div>`)).toContain(
      'broken-word',
    );
  });

  it('lets sentences, hyphenated words and code wrap where they may', async () => {
    const wide = `<p style="width:120px">Pay as you go traffic, pay-as-you-go plans.</p>`;
    const chinese = `<p style="width:120px">从下列地址发起的连接无需用户名和密码</p>`;
    const code = `<code style="display:block;width:80px;word-break:break-all">vmess://eyJ2IjoiMiIsInBzIjoi</code>`;
    const date = `<div style="width:80px">2026-11-25 02:01:12</div>`;
    expect(await problemsOn(browser, wide + chinese + code + date)).toEqual([]);
  });

  it('names a tag lying over the next cell, and not one that fits', async () => {
    const tag = `<span style="display:inline-block;white-space:nowrap">Traffic purchase</span>`;
    expect(await problemsOn(browser, table(tag, 'Traffic'))).toEqual(['spills-out-of-cell']);
    expect(await problemsOn(browser, table('<span>Paid</span>', 'Traffic'))).toEqual([]);
  });

  it('names a control label cut short with an ellipsis', async () => {
    const segment = (width: number) =>
      `<div class="ant-segmented-item-label" style="width:${width}px;overflow:hidden;` +
      `white-space:nowrap;text-overflow:ellipsis">ISP residential</div>`;
    expect(await problemsOn(browser, segment(60))).toEqual(['truncated-label']);
    expect(await problemsOn(browser, segment(160))).toEqual([]);
  });

  it('names an axis label cut by the edge of its chart', async () => {
    const chart = (x: number) =>
      `<svg width="200" height="40"><text x="${x}" y="20" text-anchor="middle">11-25 02:00</text></svg>`;
    expect(await problemsOn(browser, chart(195))).toEqual(['clipped-chart-label']);
    expect(await problemsOn(browser, chart(100))).toEqual([]);
  });

  it('names an amount cut short, in a table cell too, and not one shown whole', async () => {
    const cell = (width: number) =>
      `<table style="table-layout:fixed;width:${width}px"><tr><td style="overflow:hidden;text-overflow:ellipsis;white-space:nowrap"><span>-¥1500.00</span></td></tr></table>`;
    expect(await problemsOn(browser, cell(40))).toEqual(['truncated-money']);
    expect(await problemsOn(browser, cell(200))).toEqual([]);
  });
});
