// Brotli and gzip copies of the built files, written once at build time: the server hands them
// out as they are (@fastify/static `preCompressed`), so nothing is compressed per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|webmanifest|ico)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;
/** index.html is rewritten per request (CSP nonce), never served from disk as it is. */
const NEVER = new Set(['index.html']);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

export function shouldPrecompress(relativePath: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && COMPRESSIBLE.test(relativePath) && !NEVER.has(relativePath);
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`; answers them. */
export async function precompressDir(dir: string): Promise<string[]> {
  const written: string[] = [];
  for (const file of await filesUnder(dir)) {
    const relative = path.relative(dir, file).split(path.sep).join('/');
    if (!shouldPrecompress(relative, (await stat(file)).size)) continue;
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    written.push(`${relative}.br`, `${relative}.gz`);
  }
  return written;
}

/** Vite plugin: precompresses the production build's output once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'stratus-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
