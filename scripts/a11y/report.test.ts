import { describe, expect, it } from 'vitest';
import { formatReport, MIN_SCORE, passes, summarise, type LighthouseResult } from './report.ts';

const where = { page: '/console/overview', preset: 'mobile', language: 'zh-CN' } as const;

function result(score: number | null, audits: LighthouseResult['audits']): LighthouseResult {
  return {
    categories: {
      accessibility: { score, auditRefs: Object.keys(audits).map((id) => ({ id })) },
    },
    audits,
  };
}

const progressAudit = {
  title: 'ARIA `progressbar` elements do not have accessible names.',
  score: 0,
  scoreDisplayMode: 'binary',
  details: {
    type: 'table',
    items: [
      {
        node: {
          selector: 'div.ant-card-body > div.ant-progress',
          snippet: '<div class="ant-progress" role="progressbar">',
          explanation: 'Fix any of the following:\n  aria-label attribute does not exist',
        },
      },
    ],
  },
};

describe('the a11y report', () => {
  it('turns the category score into a whole percentage and names the failing audits', () => {
    const summary = summarise(
      result(0.94, {
        'aria-progressbar-name': progressAudit,
        'image-alt': { title: 'Images have alt', score: 1, scoreDisplayMode: 'binary' },
        'skip-link': { title: 'Skip links', score: null, scoreDisplayMode: 'notApplicable' },
        tabindex: { title: 'Manual check', score: 0, scoreDisplayMode: 'manual' },
      }),
      where,
    );
    expect(summary.score).toBe(94);
    expect(summary.failed).toEqual([
      {
        id: 'aria-progressbar-name',
        title: progressAudit.title,
        items: [
          'div.ant-card-body > div.ant-progress  <div class="ant-progress" role="progressbar">  aria-label attribute does not exist',
        ],
      },
    ]);
  });

  it('passes at the threshold and fails just below it or without a score', () => {
    const at = (score: number | null) => ({ ...where, score, failed: [] });
    expect(passes(at(MIN_SCORE))).toBe(true);
    expect(passes(at(100))).toBe(true);
    expect(passes(at(MIN_SCORE - 1))).toBe(false);
    expect(passes(at(null))).toBe(false);
  });

  it('prints a row per measurement, marks the low ones and lists what failed', () => {
    const low = summarise(result(0.94, { 'aria-progressbar-name': progressAudit }), where);
    const good = {
      ...where,
      page: '/portal/home',
      preset: 'desktop' as const,
      score: 100,
      failed: [],
    };
    const lines = formatReport([good, low]).split('\n');
    expect(lines[0]).toMatch(/^page\s+preset\s+language\s+score$/);
    expect(lines[1]).toMatch(/^\/portal\/home\s+desktop\s+zh-CN\s+100$/);
    expect(lines[2]).toMatch(
      new RegExp(`^/console/overview\\s+mobile\\s+zh-CN\\s+94  < ${MIN_SCORE}$`),
    );
    expect(lines).toContain('/console/overview (mobile, zh-CN):');
    expect(lines).toContain(`  ✗ aria-progressbar-name: ${progressAudit.title}`);
    expect(lines.some((line) => line.includes('div.ant-card-body > div.ant-progress'))).toBe(true);
  });
});
