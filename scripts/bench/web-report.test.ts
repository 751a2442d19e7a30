import { describe, expect, it } from 'vitest';
import {
  evaluateGoals,
  formatReport,
  median,
  medianOf,
  performanceRun,
  type PageMeasure,
} from './web-report.ts';

function lhr(score: number | null, tbt: number) {
  return {
    categories: { performance: { score } },
    audits: {
      'first-contentful-paint': { numericValue: 800 },
      'largest-contentful-paint': { numericValue: 1200 },
      'total-blocking-time': { numericValue: tbt },
      'cumulative-layout-shift': { numericValue: 0.01 },
    },
  };
}

describe('median', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even one', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([null, 7, null])).toBe(7);
    expect(median([])).toBeNull();
    expect(median([null])).toBeNull();
  });
});

describe('medianOf', () => {
  it('takes each figure’s median across runs, not one run’s figures', () => {
    const runs = [lhr(0.91, 300), lhr(0.4, 50), lhr(0.99, 4000)].map(performanceRun);
    const measure = medianOf(runs, { page: '/portal/home', preset: 'desktop' });
    expect(measure).toMatchObject({ score: 91, tbt: 300, fcp: 800, cls: 0.01, runs: 3 });
  });
});

describe('evaluateGoals', () => {
  const measure = (page: string, preset: 'desktop' | 'mobile', score: number | null) =>
    ({ page, preset, score, runs: 3, fcp: 1, lcp: 1, tbt: 1, cls: 0 }) satisfies PageMeasure;

  it('passes at the goal and fails just past it', () => {
    const goals = evaluateGoals(
      [measure('/portal/home', 'desktop', 95), measure('/portal/home', 'mobile', 89)],
      { '/portal/home': 170_000, '/console/overview': 250_001 },
    );
    expect(goals.map((goal) => [goal.name, goal.pass])).toEqual([
      ['initial JS /portal/home', true],
      ['initial JS /console/overview', false],
      ['performance /portal/home desktop', true],
      ['performance /portal/home mobile', false],
    ]);
  });

  it('fails what was not measured or not scored', () => {
    const goals = evaluateGoals([measure('/console/ipList', 'desktop', null)], {});
    expect(goals.every((goal) => !goal.pass)).toBe(true);
    expect(goals).toHaveLength(3);
  });

  it('prints PASS and FAIL lines', () => {
    const goals = evaluateGoals([measure('/portal/home', 'mobile', 92)], {
      '/portal/home': 200_000,
    });
    const report = formatReport([measure('/portal/home', 'mobile', 92)], {}, goals);
    expect(report).toContain('FAIL  initial JS /portal/home: 200.0 KB (goal ≤ 170.0 KB)');
    expect(report).toContain('PASS  performance /portal/home mobile: 92 (goal ≥ 90)');
  });

  it('prints the CSS a first load fetched beside its JavaScript', () => {
    const report = formatReport(
      [],
      { '/console/ipList': { bytes: 300_000, files: 40, cssBytes: 60_000, cssFiles: 20 } },
      [],
    );
    expect(report).toMatch(/\/console\/ipList +300\.0 KB in 40 files; CSS 60\.0 KB in 20 files/);
  });
});
