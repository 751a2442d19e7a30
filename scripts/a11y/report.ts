// The pure half of `npm run a11y`: what a Lighthouse result says about one page, the table of
// all pages and whether the run passes. Kept apart from the browser so it can be tested alone.

/** The lowest accessibility score (0–100) a page may have. */
export const MIN_SCORE = 98;

/** The parts of a Lighthouse result (LHR) this report reads. */
export interface LighthouseResult {
  categories: { accessibility?: { score: number | null; auditRefs: { id: string }[] } };
  audits: Record<
    string,
    {
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      details?: { type?: string; items?: unknown[] };
    }
  >;
}

export interface FailedAudit {
  id: string;
  title: string;
  /** What each failing element is, as Lighthouse names it (a selector and a snippet). */
  items: string[];
}

export interface PageScore {
  page: string;
  preset: 'desktop' | 'mobile';
  language: string;
  /** 0–100, or null when Lighthouse could not score the page. */
  score: number | null;
  failed: FailedAudit[];
}

/** Describes one failing element from an audit's table: its selector and its HTML. */
function describeItem(item: unknown): string {
  const node = (item as { node?: { selector?: string; snippet?: string; explanation?: string } })
    ?.node;
  if (!node) return JSON.stringify(item).slice(0, 200);
  const explanation = node.explanation?.split('\n').slice(1).join(' ').trim();
  return [node.selector, node.snippet, explanation].filter(Boolean).join('  ');
}

/** The accessibility score and the audits that failed (binary audits scored below 1). */
export function summarise(
  result: LighthouseResult,
  where: Omit<PageScore, 'score' | 'failed'>,
): PageScore {
  const category = result.categories.accessibility;
  const failed: FailedAudit[] = [];
  for (const { id } of category?.auditRefs ?? []) {
    const audit = result.audits[id];
    if (!audit || audit.scoreDisplayMode !== 'binary' || audit.score === null || audit.score >= 1)
      continue;
    failed.push({ id, title: audit.title, items: (audit.details?.items ?? []).map(describeItem) });
  }
  const score = category?.score == null ? null : Math.round(category.score * 100);
  return { ...where, score, failed };
}

export function passes(score: PageScore): boolean {
  return score.score !== null && score.score >= MIN_SCORE;
}

/** The table a person reads: one line per page, preset and language, then what failed. */
export function formatReport(scores: PageScore[]): string {
  const width = Math.max(...scores.map((score) => score.page.length), 4);
  const lines = [
    `${'page'.padEnd(width)}  preset   language  score`,
    ...scores.map(
      (score) =>
        `${score.page.padEnd(width)}  ${score.preset.padEnd(7)}  ${score.language.padEnd(8)}  ` +
        `${String(score.score ?? '—').padStart(5)}${passes(score) ? '' : `  < ${MIN_SCORE}`}`,
    ),
  ];
  for (const score of scores.filter((item) => item.failed.length > 0)) {
    lines.push('', `${score.page} (${score.preset}, ${score.language}):`);
    for (const audit of score.failed) {
      lines.push(`  ✗ ${audit.id}: ${audit.title}`);
      for (const item of audit.items) lines.push(`      ${item}`);
    }
  }
  return lines.join('\n');
}
