// `npm run a11y`: Lighthouse's accessibility category for the portal, the overview and the IP
// list, with the desktop and the mobile presets, in each interface language, against the real
// server on a fresh database and the system Chromium. Exits non-zero when a score is below
// MIN_SCORE (docs/accessibility.md).
//
//   A11Y_LANGUAGES   languages to measure, comma-separated (default zh-CN,en-US)
//   A11Y_DB_ENGINE   postgres or pglite (default: postgres when a server answers, else pglite)
//   CHROMIUM_PATH    the browser (default /usr/bin/chromium; never a downloaded one)
import net from 'node:net';
import { createStaticIpOrder, listStaticIpCatalog } from '@stratus/contract';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
// Lighthouse's own driver: the version it is built against, installed with it.
import puppeteer, { type Browser } from 'puppeteer-core';
import { callEndpoint, registerUser, topUp } from '../../e2e/support/api.ts';
import { startServer } from '../../e2e/support/server.ts';
import { buildWebAppIfStale } from '../web-build.ts';
import {
  formatReport,
  passes,
  summarise,
  type LighthouseResult,
  type PageScore,
} from './report.ts';

const pages = ['/portal/home', '/console/overview', '/console/ipList'];
const presets = ['desktop', 'mobile'] as const;
const languages = (process.env.A11Y_LANGUAGES ?? 'zh-CN,en-US')
  .split(',')
  .map((item) => item.trim());

// As in e2e/support/browser.ts: without the background-networking flags Chromium keeps dialling
// out of a closed network.
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether the PostgreSQL server the test databases are made on answers at all. */
function postgresAnswers(): Promise<boolean> {
  const url = new URL(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    const answer = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(2000);
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}

/** A customer with a top-up and one static IP, so the overview and the IP list show data. */
async function seedCustomer(baseUrl: string): Promise<string> {
  const { token } = await registerUser(baseUrl);
  await topUp(baseUrl, token, 100);
  const { items: plans } = await callEndpoint(baseUrl, listStaticIpCatalog, { token });
  const plan = plans.find((item) => item.stock > 0);
  if (!plan) throw new Error('The demo catalog has no plan in stock');
  await callEndpoint(baseUrl, createStaticIpOrder, {
    token,
    body: { planId: plan.id, durationDays: plan.prices[0]!.durationDays, quantity: 1 },
  });
  return token;
}

async function measure(
  browser: Browser,
  url: string,
  preset: (typeof presets)[number],
  language: string,
): Promise<LighthouseResult> {
  const page = await browser.newPage();
  try {
    // Before the app's own scripts: the language it starts in, and the first-visit tour seen.
    await page.evaluateOnNewDocument((chosen) => {
      localStorage.setItem('language', chosen);
      sessionStorage.setItem('isFirst', '1');
    }, language);
    const result = await lighthouse(
      url,
      {
        onlyCategories: ['accessibility'],
        // The reset would clear the local storage that holds the language.
        disableStorageReset: true,
        logLevel: 'error',
      },
      preset === 'desktop' ? desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr as unknown as LighthouseResult;
  } finally {
    await page.close();
  }
}

const buildStatus = buildWebAppIfStale({ ...process.env, NODE_ENV: 'production' });
if (buildStatus !== 0) process.exit(buildStatus);

const engine =
  (process.env.A11Y_DB_ENGINE as 'postgres' | 'pglite' | undefined) ??
  ((await postgresAnswers()) ? 'postgres' : 'pglite');
const started = Date.now();
const server = await startServer(engine);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: chromiumFlags,
});
const scores: PageScore[] = [];
try {
  const token = await seedCustomer(server.url);
  await browser.setCookie({ name: 'token', value: token, domain: new URL(server.url).hostname });
  for (const language of languages)
    for (const path of pages)
      for (const preset of presets) {
        const result = await measure(browser, `${server.url}${path}`, preset, language);
        scores.push(summarise(result, { page: path, preset, language }));
        console.warn(`measured ${path} ${preset} ${language}`);
      }
} finally {
  await browser.close();
  await server.stop();
}

process.stdout.write(
  `${formatReport(scores)}\n\n${engine}, ${Math.round((Date.now() - started) / 1000)} s\n`,
);
process.exitCode = scores.every(passes) ? 0 : 1;
