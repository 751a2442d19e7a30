import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkedDirectories,
  checkedFolderParents,
  findFolderCycles,
  findImportCycles,
} from './check-import-cycles.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '..');

describe('import cycles', () => {
  it('finds none in the repository, type-only and lazy imports included', () => {
    const { fileCount, cycles } = findImportCycles(repositoryRoot, checkedDirectories);
    expect(fileCount).toBeGreaterThan(400);
    expect(cycles).toEqual([]);
  });

  it('finds none between the server module folders', () => {
    expect(findFolderCycles(repositoryRoot, checkedFolderParents)).toEqual([]);
  });
});

describe('the cycle checker', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function plant(files: Record<string, string>) {
    root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
  }

  it('reports each cycle once with a loop through it, following types, lazy imports and workspaces', () => {
    plant({
      'package.json': JSON.stringify({ workspaces: ['packages/kit'] }),
      'packages/kit/package.json': JSON.stringify({
        name: '@demo/kit',
        exports: { '.': './src/index.ts' },
      }),
      'packages/kit/src/index.ts': "import type { Main } from '../../../apps/main.ts';\n",
      'apps/main.ts': "import { kit } from '@demo/kit';\nexport type Main = typeof kit;\n",
      'apps/a.ts': "import type { B } from './b.ts';\n",
      'apps/b.ts': "export { c } from './c.tsx';\n",
      'apps/c.tsx': "export const c = () => import('./a.ts');\n",
      // Reaches the cycle without being in it; the text inside the string is not an import.
      'apps/d.ts': "import './a.ts';\nexport const text = `import x from './d.ts'`;\n",
    });
    const { fileCount, cycles } = findImportCycles(root, ['apps', 'packages']);
    expect(fileCount).toBe(6);
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual({
      files: ['apps/a.ts', 'apps/b.ts', 'apps/c.tsx'],
      loop: ['apps/a.ts', 'apps/b.ts', 'apps/c.tsx', 'apps/a.ts'],
    });
    expect(cycles).toContainEqual({
      files: ['apps/main.ts', 'packages/kit/src/index.ts'],
      loop: ['apps/main.ts', 'packages/kit/src/index.ts', 'apps/main.ts'],
    });
  });

  it('reports a file that imports itself and nothing for a tree without cycles', () => {
    plant({ 'apps/self.ts': "export * from './self.ts';\n", 'apps/leaf.ts': "import './x.ts';\n" });
    expect(findImportCycles(root, ['apps']).cycles).toEqual([
      { files: ['apps/self.ts'], loop: ['apps/self.ts', 'apps/self.ts'] },
    ]);
    rmSync(path.join(root, 'apps/self.ts'));
    expect(findImportCycles(root, ['apps']).cycles).toEqual([]);
  });

  it('reports folders that need each other through different files, but not through tests', () => {
    plant({
      'mods/orders/service.ts': "import { renew } from '../instances/public.ts';\n",
      'mods/orders/public.ts': "export * from './pricing.ts';\n",
      'mods/orders/pricing.ts': 'export const price = 1;\n',
      'mods/instances/public.ts': "export * from './renewal.ts';\n",
      'mods/instances/renewal.ts': "import { price } from '../orders/public.ts';\n",
      'mods/wallet/wallet.test.ts': "import '../orders/service.ts';\n",
      'mods/orders/orders.test.ts': "import '../wallet/public.ts';\n",
      'mods/wallet/public.ts': 'export const wallet = 1;\n',
    });
    expect(findImportCycles(root, ['mods']).cycles).toEqual([]);
    expect(findFolderCycles(root, ['mods'])).toEqual([
      {
        files: ['mods/instances', 'mods/orders'],
        loop: ['mods/instances', 'mods/orders', 'mods/instances'],
      },
    ]);
    rmSync(path.join(root, 'mods/instances/renewal.ts'));
    expect(findFolderCycles(root, ['mods'])).toEqual([]);
  });
});
