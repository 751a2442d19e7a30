import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir, shouldPrecompress } from './precompress.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes brotli and gzip copies beside each asset that decompress to the original', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const script = 'export const answer = 42;\n'.repeat(200);
    await writeFile(path.join(dir, 'assets/app-abc.js'), script);
    await writeFile(path.join(dir, 'assets/app-abc.css'), 'body { margin: 0 }\n'.repeat(100));
    await writeFile(path.join(dir, 'assets/tiny.js'), 'export {};\n');
    await writeFile(path.join(dir, 'assets/photo.png'), Buffer.alloc(4096, 1));
    await writeFile(path.join(dir, 'index.html'), '<html></html>'.repeat(200));

    await precompressDir(dir);

    const files = (await readdir(path.join(dir, 'assets'))).sort();
    expect(files).toEqual([
      'app-abc.css',
      'app-abc.css.br',
      'app-abc.css.gz',
      'app-abc.js',
      'app-abc.js.br',
      'app-abc.js.gz',
      'photo.png',
      'tiny.js',
    ]);
    const br = await readFile(path.join(dir, 'assets/app-abc.js.br'));
    const gz = await readFile(path.join(dir, 'assets/app-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    // The page is rewritten per request, so no stale compressed copy of it may exist.
    expect(await readdir(dir)).not.toContain('index.html.br');
  });

  it('skips small files, already-compressed formats and the page itself', () => {
    expect(shouldPrecompress('assets/a.js', 2048)).toBe(true);
    expect(shouldPrecompress('favicon.svg', 2048)).toBe(true);
    expect(shouldPrecompress('assets/a.js', 100)).toBe(false);
    expect(shouldPrecompress('assets/a.woff2', 90_000)).toBe(false);
    expect(shouldPrecompress('index.html', 90_000)).toBe(false);
  });
});
