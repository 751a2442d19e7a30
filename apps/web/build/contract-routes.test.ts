import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiRoutes } from '@stratus/contract/routes';
import { describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import {
  contractRoutes,
  contractRoutesFile,
  evaluatedModuleSource,
  sourceExporting,
} from './contract-routes.ts';

// Vitest's jsdom gives modules http: URLs; the project's root is the working directory.
const webRoot = path.resolve(process.cwd(), 'apps/web');

describe('the contract routes in the web build', () => {
  it('are the value of the route table, with no import left (no zod, no schema)', async () => {
    const source = await evaluatedModuleSource(contractRoutesFile(webRoot));
    // One statement, the table's value: no import to load (a path may say `import`).
    expect(source.trimEnd().split('\n')).toHaveLength(1);
    expect(source).toBe(`export const apiRoutes = ${JSON.stringify(apiRoutes)};\n`);
    expect(source).toContain('"getOverview":{"method":"GET","path":"/user/overview"');
  });

  it('replace the module the web app imports', async () => {
    const plugin = contractRoutes();
    (plugin.configResolved as (config: Partial<ResolvedConfig>) => void)({ root: webRoot });
    const load = plugin.load as (id: string) => Promise<{ code: string } | null>;
    expect(existsSync(contractRoutesFile(webRoot))).toBe(true);
    expect((await load(contractRoutesFile(webRoot)))?.code).toMatch(/^export const apiRoutes = /);
    expect(await load(path.join(webRoot, 'src/main.tsx'))).toBeNull();
  });

  it('refuses an export that is not plain data', () => {
    expect(sourceExporting({ table: { a: 1 } })).toBe('export const table = {"a":1};\n');
    expect(() => sourceExporting({ table: { call() {} } })).toThrow(/table is not plain data/);
    expect(() => sourceExporting({ table: undefined })).toThrow(/table is not plain data/);
  });
});
