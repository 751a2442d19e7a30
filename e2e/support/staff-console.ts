// What the operator-console journeys share: signing in as someone, browsing as them, and a proxy
// probe through the demo gateway to a local target.
import { execFile } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import { promisify } from 'node:util';
import { isSignInChallenge, login, type Instance } from '@stratus/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { callEndpoint } from './api.ts';
import type { Journey } from './journey.ts';
import type { Language } from './words.ts';

const run = promisify(execFile);
/** How long a change may take to reach the gateway (one credential poll, on two busy cores). */
export const GATEWAY_STATE_MS = 60_000;

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const answer = await callEndpoint(url, login, { body: { email, password } });
  if (isSignInChallenge(answer)) throw new Error(`${email} asks for a second factor`);
  return answer.token;
}

/** Makes the browser `token`'s user in `language`, starting from a fresh page. */
export async function browseAs(journey: Journey, token: string, language: Language): Promise<Page> {
  const { context } = journey.browser;
  const { url } = journey.server;
  await context.clearCookies();
  await context.addCookies([{ name: 'token', value: token, url }]);
  const page = await journey.browser.renewPage();
  await page.goto(`${url}/portal/home`);
  await page.evaluate((value) => localStorage.setItem('language', value), language);
  return page;
}

/**
 * A local HTTP target answering `reached`, started before the block's tests: `works(instance)`
 * says whether curl reaches it through the instance's SOCKS5 proxy.
 */
export function useProxyTarget() {
  let target: http.Server;
  let targetUrl = '';
  beforeAll(async () => {
    target = http.createServer((_request, response) => response.end('reached'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => target?.close(resolve)));
  return {
    async works(instance: Instance): Promise<boolean> {
      const proxy = `socks5h://${instance.username}:${encodeURIComponent(instance.password)}@${instance.ip}:${instance.port}`;
      try {
        const { stdout } = await run('curl', ['-sS', '--max-time', '10', '-x', proxy, targetUrl]);
        return stdout === 'reached';
      } catch {
        return false;
      }
    },
  };
}

/** Probes until it answers `wanted` or the gateway's time is up; answers the last value. */
export async function until(probe: () => Promise<boolean>, wanted: boolean): Promise<boolean> {
  const deadline = Date.now() + GATEWAY_STATE_MS;
  let value = await probe();
  while (value !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    value = await probe();
  }
  return value;
}
