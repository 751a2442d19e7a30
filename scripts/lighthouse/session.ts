// What `npm run a11y` and `npm run bench:web` share: the real server on a fresh database with a
// seeded customer, the system Chromium driven by puppeteer-core (Lighthouse's own driver) and one
// Lighthouse run of a page with the desktop or the mobile preset.
//
//   A11Y_DB_ENGINE   postgres or pglite (default: postgres when a server answers, else pglite)
//   CHROMIUM_PATH    the browser (default /usr/bin/chromium; never a downloaded one)
import net from 'node:net';
import { createStaticIpOrder, listStaticIpCatalog } from '@stratus/contract';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
// Lighthouse's own driver: the version it is built against, installed with it.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { callEndpoint, registerUser, topUp } from '../../e2e/support/api.ts';
import { startServer, type RunningServer } from '../../e2e/support/server.ts';

export type Preset = 'desktop' | 'mobile';

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

export interface LighthouseSession {
  engine: 'postgres' | 'pglite';
  server: RunningServer;
  browser: Browser;
  /** The seeded customer's session token (also set as the browser's `token` cookie). */
  token: string;
  close(): Promise<void>;
}

/**
 * Starts the server and the browser, signed in as a freshly seeded customer. `env` goes to the
 * server (e.g. WEB_DIST_DIR to serve another build).
 */
export async function openLighthouseSession(
  env: Record<string, string> = {},
): Promise<LighthouseSession> {
  const engine =
    (process.env.A11Y_DB_ENGINE as 'postgres' | 'pglite' | undefined) ??
    ((await postgresAnswers()) ? 'postgres' : 'pglite');
  const server = await startServer(engine, env);
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: chromiumFlags,
    });
    const token = await seedCustomer(server.url);
    await browser.setCookie({ name: 'token', value: token, domain: new URL(server.url).hostname });
    const opened = browser;
    return {
      engine,
      server,
      browser,
      token,
      async close() {
        await opened.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/**
 * A new tab whose app starts in `language` with the first-visit tour seen (both set before the
 * app's own scripts run).
 */
export async function newPageIn(browser: Browser, language: string): Promise<Page> {
  const page = await browser.newPage();
  await page.evaluateOnNewDocument((chosen) => {
    localStorage.setItem('language', chosen);
    sessionStorage.setItem('isFirst', '1');
  }, language);
  return page;
}

/** One Lighthouse run of `url` in a new tab, in `language`, with the first-visit tour seen. */
export async function runLighthouse<Result>(
  browser: Browser,
  url: string,
  { preset, language, categories }: { preset: Preset; language: string; categories: string[] },
): Promise<Result> {
  const page = await newPageIn(browser, language);
  try {
    const result = await lighthouse(
      url,
      {
        onlyCategories: categories,
        // The reset would clear the local storage that holds the language.
        disableStorageReset: true,
        logLevel: 'error',
      },
      preset === 'desktop' ? desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr as unknown as Result;
  } finally {
    await page.close();
  }
}
