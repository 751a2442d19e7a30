// `npm run bench:web`: builds the web app, serves it with the real server (precompressed assets,
// as in production) and measures, with the system Chromium:
// - Lighthouse's performance (score, FCP, LCP, TBT, CLS) of the portal, the overview and the IP
//   list, desktop and mobile presets, BENCH_RUNS runs each (median);
// - the JavaScript bytes on the wire (as encoded: brotli when the browser accepts it) that
//   /portal/home and /console/overview load before their first screen is usable (with a budget)
//   and the IP list (without one), and beside them the CSS bytes those loads fetched.
// Prints the goals as PASS/FAIL (docs/performance.md). Exits 0 when it measured, whatever the
// goals say; non-zero only when the harness itself breaks.
//
//   BENCH_RUNS       Lighthouse runs per page and preset (default 3)
//   BENCH_LANGUAGE   interface language (default zh-CN)
//   BENCH_WEB_LIST   1: list each script of the initial JavaScript with its bytes, largest first
//   BENCH_WEB_DIST   serve this already built web app instead of building apps/web (e.g. an
//                    older build, to compare both under the same machine load)
//   A11Y_DB_ENGINE, CHROMIUM_PATH: see ../lighthouse/session.ts
import os from 'node:os';
import type { Browser, CDPSession } from 'puppeteer-core';
import {
  newPageIn,
  openLighthouseSession,
  runLighthouse,
  type Preset,
} from '../lighthouse/session.ts';
import { waitUntilUsable } from './page-usable.ts';
import { buildWebApp } from '../web-build.ts';
import {
  evaluateGoals,
  formatReport,
  INITIAL_JS_BUDGET,
  medianOf,
  performanceRun,
  type PageMeasure,
  type PerformanceResult,
} from './web-report.ts';

const pages = ['/portal/home', '/console/overview', '/console/ipList'];
const presets: Preset[] = ['desktop', 'mobile'];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const language = process.env.BENCH_LANGUAGE ?? 'zh-CN';
const listScripts = process.env.BENCH_WEB_LIST === '1';
/** The network counts as quiet after this long without a request under way. */
const QUIET_MS = 500;
const USABLE_BUDGET_MS = 60_000;

/** Pages whose first load is measured: those with a JavaScript budget, and the IP list. */
const initialPages = [...Object.keys(INITIAL_JS_BUDGET), '/console/ipList'];

interface ScriptLoad {
  bytes: number;
  files: number;
  /** Stylesheets fetched by the same load (Ant Design's travel with the chunks that draw them). */
  cssBytes: number;
  cssFiles: number;
}

/**
 * Loads `url` in a fresh tab with an empty cache and adds up the encoded body bytes of every
 * script it requested until its first screen is usable: `main` rendered with no spinner,
 * skeleton or busy element, and no request under way for QUIET_MS. Scripts requested after that
 * (lazy chunks a later interaction needs) do not count.
 */
async function initialScripts(browser: Browser, url: string): Promise<ScriptLoad> {
  const page = await newPageIn(browser, language);
  try {
    const cdp: CDPSession = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Map<string, { url: string; headerBytes: number; bytes?: number }>();
    const stylesheets = new Map<string, { url: string; headerBytes: number; bytes?: number }>();
    const open = new Set<string>();
    let counting = true;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      open.add(event.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (event) => {
      if (!counting) return;
      const load = { url: event.response.url, headerBytes: event.response.encodedDataLength };
      if (event.type === 'Script' || event.response.mimeType.includes('javascript'))
        scripts.set(event.requestId, load);
      else if (event.type === 'Stylesheet') stylesheets.set(event.requestId, load);
    });
    cdp.on('Network.loadingFinished', (event) => {
      open.delete(event.requestId);
      lastActivity = Date.now();
      const file = scripts.get(event.requestId) ?? stylesheets.get(event.requestId);
      if (file) file.bytes = event.encodedDataLength - file.headerBytes;
    });
    cdp.on('Network.loadingFailed', (event) => {
      open.delete(event.requestId);
      lastActivity = Date.now();
    });

    await page.goto(url, { waitUntil: 'load' });
    await waitUntilUsable(
      page,
      url,
      () => open.size === 0 && Date.now() - lastActivity >= QUIET_MS,
      USABLE_BUDGET_MS,
    );
    counting = false;
    const loaded = [...scripts.values()];
    const styled = [...stylesheets.values()];
    if ([...loaded, ...styled].some((file) => file.bytes === undefined))
      throw new Error(`${url}: a script or stylesheet never finished loading`);
    if (listScripts) {
      for (const script of [...loaded, ...styled].toSorted(
        (a, b) => (b.bytes ?? 0) - (a.bytes ?? 0),
      ))
        process.stdout.write(
          `  ${((script.bytes ?? 0) / 1000).toFixed(1).padStart(7)} KB  ${new URL(script.url).pathname}\n`,
        );
    }
    return {
      bytes: loaded.reduce((sum, script) => sum + (script.bytes ?? 0), 0),
      files: loaded.length,
      cssBytes: styled.reduce((sum, sheet) => sum + (sheet.bytes ?? 0), 0),
      cssFiles: styled.length,
    };
  } finally {
    await page.close();
  }
}

const distDir = process.env.BENCH_WEB_DIST;
if (!distDir) {
  const buildStatus = buildWebApp({ ...process.env, NODE_ENV: 'production' });
  if (buildStatus !== 0) process.exit(buildStatus);
}

const started = Date.now();
const session = await openLighthouseSession(distDir ? { WEB_DIST_DIR: distDir } : {});
const measures: PageMeasure[] = [];
const initialJs: Record<string, ScriptLoad> = {};
try {
  for (const path of initialPages) {
    initialJs[path] = await initialScripts(session.browser, `${session.server.url}${path}`);
    console.warn(
      `initial ${path}: JS ${initialJs[path].bytes} bytes, CSS ${initialJs[path].cssBytes} bytes`,
    );
  }
  for (const path of pages)
    for (const preset of presets) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        const result = await runLighthouse<PerformanceResult>(
          session.browser,
          `${session.server.url}${path}`,
          { preset, language, categories: ['performance'] },
        );
        results.push(performanceRun(result));
      }
      measures.push(medianOf(results, { page: path, preset }));
      console.warn(`measured ${path} ${preset}: ${results.map((r) => r.score).join(', ')}`);
    }
} finally {
  await session.close();
}

const goals = evaluateGoals(
  measures,
  Object.fromEntries(Object.entries(initialJs).map(([path, load]) => [path, load.bytes])),
);
process.stdout.write(
  `${formatReport(measures, initialJs, goals)}\n\n` +
    `${session.engine}, ${language}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `load ${os.loadavg()[0]!.toFixed(1)}, ${new Date().toISOString().slice(0, 10)}, ` +
    `${Math.round((Date.now() - started) / 1000)} s\n`,
);
