import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { writeZoneOffsets } from '@stratus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { zoneOffsetsAround } from '../business-time.ts';
import { isApiPath, throwRouteNotFound } from './errors.ts';
import { cspNonceOf } from './security-headers.ts';

const NONCE_PLACEHOLDER = '__CSP_NONCE__';
// The web app reads the business time zone from this meta tag: no request of its own for it.
const TIME_ZONE_PLACEHOLDER = '__BUSINESS_TIME_ZONE__';
// …and the zone's offsets around now, so its first dates need no time-zone data of the browser's.
const TIME_ZONE_OFFSETS_PLACEHOLDER = '__BUSINESS_TIME_OFFSETS__';
const DAY_MS = 86_400_000;

interface AppPage {
  distDir: string;
  timeZone: string;
  /** The zone's offsets as the page carries them (empty: none, the page asks Intl). */
  zoneOffsets: () => string;
}

/**
 * The zone's offsets from 400 days ago to 400 days ahead, worked out once a UTC day (a few
 * thousand Intl calls, some milliseconds) and written into every page of that day.
 */
function zoneOffsetsOfTheDay(timeZone: string): () => string {
  let cached: { day: number; text: string } | undefined;
  return () => {
    const now = Date.now();
    const day = Math.floor(now / DAY_MS);
    if (cached?.day !== day) {
      const offsets = zoneOffsetsAround(new Date(now), timeZone);
      cached = { day, text: offsets ? writeZoneOffsets(offsets) : '' };
    }
    return cached.text;
  };
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

/** Addresses of files (`/assets/app.js`, `/favicon.ico`) never fall back to the app's page. */
function looksLikeFile(urlPath: string): boolean {
  return urlPath.startsWith('/assets/') || /\.[\w-]+$/.test(urlPath.split('/').pop() ?? '');
}

async function readIndexHtml(distDir: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
}

async function sendAppPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { distDir, timeZone, zoneOffsets }: AppPage,
): Promise<FastifyReply> {
  const html = await readIndexHtml(distDir);
  if (html === undefined) {
    return reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send(
        `The web app has not been built: ${path.join(distDir, 'index.html')} is missing.\n` +
          'Run `npm run build` (or `npm start`, which builds it first) and reload.\n',
      );
  }
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(
      html
        .replaceAll(NONCE_PLACEHOLDER, cspNonceOf(request))
        .replaceAll(TIME_ZONE_PLACEHOLDER, timeZone)
        .replaceAll(TIME_ZONE_OFFSETS_PLACEHOLDER, zoneOffsets()),
    );
}

/**
 * Serves the built web app from `distDir`: hashed `/assets/*` cached for a year, everything else
 * revalidated; any other GET outside `/api` gets index.html (history-API routing) with a fresh
 * CSP nonce and the business time zone (its name and its offsets around now) written into it. Unknown `/api` addresses answer the `routeNotFound` envelope.
 */
export async function registerWebApp(
  app: FastifyInstance,
  { distDir, timeZone }: { distDir: string; timeZone: string },
): Promise<void> {
  const page: AppPage = { distDir, timeZone, zoneOffsets: zoneOffsetsOfTheDay(timeZone) };
  // Registered even when the folder is missing, so a build made after start is served.
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // The build writes `.br` and `.gz` beside each asset (apps/web/build/precompress.ts): the
    // best one the client accepts is sent as it is, with `Vary: Accept-Encoding`; nothing is
    // compressed per request. index.html (small, rewritten per request) is sent uncompressed.
    preCompressed: true,
    // index.html is always sent through sendAppPage (it needs its nonce); /api is never a file.
    allowedPath: (pathname) => !isApiPath(pathname) && pathname !== '/index.html',
    setHeaders: (fileReply, filePath) => {
      const hashed = path.relative(distDir, filePath).startsWith(`assets${path.sep}`);
      fileReply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  // The directory root and index.html itself go through sendAppPage too, never raw from disk.
  for (const url of ['/', '/index.html']) {
    app.get(url, { schema: { hide: true } }, (request, reply) => sendAppPage(request, reply, page));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = pathOf(request);
    if (isApiPath(urlPath)) throwRouteNotFound(request);
    if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(urlPath)) {
      return sendAppPage(request, reply, page);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
  });
}
