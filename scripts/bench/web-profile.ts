// `node scripts/bench/web-profile.ts <dist> [<dist>…]`: where the first load's main-thread time
// goes, A/B between built web apps under the same machine load. Each build is served by its own
// real server (a seeded customer, as `npm run bench:web`); the pages are loaded in turn, build
// after build, for several rounds, in a fresh tab with an empty cache, under Chromium's CPU
// throttle (Lighthouse's mobile preset slows the CPU 4×), with the V8 sampling profiler on until
// the first screen is usable. Per load it prints the throttled script time and the part spent in
// zod's chunk (the contract's schemas being built), and the JavaScript and CSS decoded.
//
//   PROFILE_ROUNDS     rounds (default 3)
//   PROFILE_PAGES      comma-separated paths (default /portal/home,/console/overview)
//   PROFILE_LANGUAGES  comma-separated (default zh-CN,en-US)
//   PROFILE_THROTTLE   CPU slow-down (default 4)
//   PROFILE_LIST       1: list the scripts and stylesheets each load decoded
//   PROFILE_FOCUS      a regular expression: also sum the time inside the frames whose script
//                      URL or function name it matches, and what they called (builtins such as
//                      Intl's included), e.g. '/assets/(business-time|date)-' for the dates
import type { Browser, CDPSession } from 'puppeteer-core';
import { newPageIn, openLighthouseSession, type LighthouseSession } from '../lighthouse/session.ts';
import { waitUntilUsable } from './page-usable.ts';

const dists = process.argv.slice(2);
if (dists.length === 0) throw new Error('name one or more built web apps (dist directories)');
const rounds = Number(process.env.PROFILE_ROUNDS ?? 3);
const pages = (process.env.PROFILE_PAGES ?? '/portal/home,/console/overview').split(',');
const languages = (process.env.PROFILE_LANGUAGES ?? 'zh-CN,en-US').split(',');
const throttle = Number(process.env.PROFILE_THROTTLE ?? 4);
const focus = process.env.PROFILE_FOCUS ? new RegExp(process.env.PROFILE_FOCUS) : undefined;
const QUIET_MS = 500;

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface LoadMeasure {
  /** Throttled milliseconds the sampled main thread ran JavaScript (idle, GC and program left out). */
  scriptMs: number;
  /** The part of `scriptMs` inside zod's own chunk or what it called (builtins). */
  zodMs: number;
  /** The part of `scriptMs` inside the frames `PROFILE_FOCUS` names or what they called. */
  focusMs: number;
  /** Decoded bytes of the scripts loaded. */
  jsBytes: number;
  /** The same scripts as they came over the wire (headers included, as Chromium counts them). */
  wireBytes: number;
  scripts: number;
  /** Decoded bytes of the stylesheets loaded (Ant Design's travel with the chunks that draw them). */
  cssBytes: number;
  stylesheets: number;
}

async function profileLoad(browser: Browser, url: string, language: string): Promise<LoadMeasure> {
  const page = await newPageIn(browser, language);
  try {
    const cdp: CDPSession = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scriptBodies = new Map<string, string>();
    const styleBodies = new Map<string, string>();
    const open = new Set<string>();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      open.add(event.requestId);
      lastActivity = Date.now();
    });
    const wireBytes = new Map<string, number>();
    cdp.on('Network.loadingFinished', (event) => {
      wireBytes.set(event.requestId, event.encodedDataLength);
      open.delete(event.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', (event) => {
      open.delete(event.requestId);
      lastActivity = Date.now();
    });
    const responses: { requestId: string; url: string }[] = [];
    const styleResponses: { requestId: string; url: string }[] = [];
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script')
        responses.push({ requestId: event.requestId, url: event.response.url });
      if (event.type === 'Stylesheet')
        styleResponses.push({ requestId: event.requestId, url: event.response.url });
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await waitUntilUsable(
      page,
      url,
      () => open.size === 0 && Date.now() - lastActivity >= QUIET_MS,
      120_000,
    );
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    for (const [list, bodies] of [
      [responses, scriptBodies],
      [styleResponses, styleBodies],
    ] as const)
      for (const response of list) {
        const { body, base64Encoded } = await cdp.send('Network.getResponseBody', {
          requestId: response.requestId,
        });
        bodies.set(response.url, base64Encoded ? Buffer.from(body, 'base64').toString() : body);
      }
    if (process.env.PROFILE_LIST === '1')
      for (const [file, body] of [...scriptBodies, ...styleBodies])
        console.warn(`  ${String(body.length).padStart(8)}  ${new URL(file).pathname}`);
    // zod's chunk is the one holding its error class; the contract's modules call into it.
    const zodUrls = new Set(
      [...scriptBodies].filter(([, body]) => body.includes('ZodError')).map(([url]) => url),
    );
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, number>();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parents.set(child, node.id);
    /** Whether a sample at node `id` is inside a frame `matches` names, or what it called. */
    const within = (matches: (frame: ProfileNode['callFrame']) => boolean) => {
      const known = new Map<number, boolean>();
      const isWithin = (id: number): boolean => {
        let answer = known.get(id);
        if (answer === undefined) {
          const parent = parents.get(id);
          answer = matches(nodes.get(id)!.callFrame) || (parent !== undefined && isWithin(parent));
          known.set(id, answer);
        }
        return answer;
      };
      return isWithin;
    };
    const isInZod = within((frame) => zodUrls.has(frame.url));
    const isInFocus = within((frame) => !!focus?.test(`${frame.url} ${frame.functionName}`));
    let scriptUs = 0;
    let zodUs = 0;
    let focusUs = 0;
    profile.samples.forEach((id, index) => {
      const frame = nodes.get(id)!.callFrame;
      const delta = profile.timeDeltas[index] ?? 0;
      if (['(idle)', '(program)', '(garbage collector)', '(root)'].includes(frame.functionName))
        return;
      scriptUs += delta;
      if (isInZod(id)) zodUs += delta;
      if (focus && isInFocus(id)) focusUs += delta;
    });
    return {
      scriptMs: scriptUs / 1000,
      zodMs: zodUs / 1000,
      focusMs: focusUs / 1000,
      jsBytes: [...scriptBodies.values()].reduce((sum, body) => sum + Buffer.byteLength(body), 0),
      wireBytes: responses.reduce((sum, { requestId }) => sum + (wireBytes.get(requestId) ?? 0), 0),
      scripts: scriptBodies.size,
      cssBytes: [...styleBodies.values()].reduce((sum, body) => sum + Buffer.byteLength(body), 0),
      stylesheets: styleBodies.size,
    };
  } finally {
    await page.close();
  }
}

const sessions: LighthouseSession[] = [];
try {
  for (const dist of dists) sessions.push(await openLighthouseSession({ WEB_DIST_DIR: dist }));
  const results = new Map<string, LoadMeasure[]>();
  for (let round = 0; round < rounds; round++)
    for (const path of pages)
      for (const language of languages)
        for (const [index, session] of sessions.entries()) {
          const measure = await profileLoad(
            session.browser,
            `${session.server.url}${path}`,
            language,
          );
          const key = `${path} ${language} ${dists[index]}`;
          results.set(key, [...(results.get(key) ?? []), measure]);
          console.warn(
            `round ${round + 1} ${key}: script ${measure.scriptMs.toFixed(0)} ms, zod ${measure.zodMs.toFixed(0)} ms, ${focus ? `focus ${measure.focusMs.toFixed(0)} ms, ` : ''}${measure.scripts} scripts ${measure.jsBytes} B (${measure.wireBytes} B on the wire), ${measure.stylesheets} stylesheets ${measure.cssBytes} B`,
          );
        }
  const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;
  process.stdout.write(
    '| page | language | build | script ms (median) | zod ms (median) | focus ms (median) | JS decoded | JS on the wire | CSS decoded |\n',
  );
  process.stdout.write('|---|---|---|---|---|---|---|---|---|\n');
  for (const [key, measures] of results) {
    const [path, language, dist] = key.split(' ');
    process.stdout.write(
      `| ${path} | ${language} | ${dist} | ${median(measures.map((m) => m.scriptMs)).toFixed(0)} | ` +
        `${median(measures.map((m) => m.zodMs)).toFixed(0)} | ${median(measures.map((m) => m.focusMs)).toFixed(0)} | ${measures[0]!.jsBytes} B in ${measures[0]!.scripts} | ${measures[0]!.wireBytes} B | ${measures[0]!.cssBytes} B in ${measures[0]!.stylesheets} |\n`,
    );
  }
} finally {
  for (const session of sessions) await session.close();
}
