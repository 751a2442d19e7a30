import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from './routes.ts';

// The portal's first screen loads no Ant Design, no zod (the contract's schemas) and no dayjs
// (issue 18: its JavaScript budget). The bundler puts a module in the chunks of every page that
// reaches it by static imports, so this walks those imports from the entry and the portal page
// and lists the heavy packages reached. Lazy `import()` and type-only imports are not followed.

// Vitest's jsdom gives modules http: URLs; the project's root is the working directory.
const webSource = path.resolve(process.cwd(), 'apps/web/src');
const contractSource = path.resolve(webSource, '../../../packages/contract/src');
const heavy = /^(antd|@ant-design\/|@rc-component\/|zod|dayjs|recharts)/;

interface ValueImport {
  specifier: string;
  /** The names taken: `all` for a default or namespace import (or a file's own imports). */
  names: string[] | 'all';
  /** A re-export (`export … from`): followed only for the names someone asks of this file. */
  reExport?: { names: Map<string, string> | 'all' };
}

/** The value imports and re-exports of a file, as written. */
function valueImportsOf(file: string): ValueImport[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: ValueImport[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const names =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements
              .filter((e) => !e.isTypeOnly)
              .map((e) => (e.propertyName ?? e.name).text)
          : 'all';
      if (Array.isArray(names) && names.length === 0 && !clause?.name) continue;
      found.push({ specifier: (statement.moduleSpecifier as ts.StringLiteral).text, names });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      // Exported name → the name in the module it comes from.
      const names =
        clause && ts.isNamedExports(clause)
          ? new Map(
              clause.elements
                .filter((e) => !e.isTypeOnly)
                .map((e) => [e.name.text, (e.propertyName ?? e.name).text]),
            )
          : ('all' as const);
      found.push({
        specifier: (statement.moduleSpecifier as ts.StringLiteral).text,
        names: names === 'all' ? 'all' : [...names.values()],
        reExport: { names },
      });
    }
  }
  return found;
}

/** The contract's module that defines `name` (it is side-effect free: only used modules count). */
function contractModuleOf(name: string): string {
  const definition = new RegExp(`export (const|function|class) ${name}\\b`);
  for (const file of ts.sys.readDirectory(contractSource, ['.ts'], ['**/*.test.ts'])) {
    if (definition.test(readFileSync(file, 'utf8'))) return file;
  }
  throw new Error(`the contract exports no ${name}`);
}

/**
 * Every heavy package the static imports from `entries` reach, with the chain to it. A re-export
 * (a feature's `public.ts`) is followed only for the names taken from it, as the bundler keeps only
 * the modules that provide them.
 */
function heavyPackagesReached(entries: string[]): string[] {
  const seen = new Set<string>();
  const reached: string[] = [];
  const walk = (file: string, chain: string[], asked: string[] | 'all') => {
    const via = [...chain, path.relative(webSource, file)];
    const firstVisit = !seen.has(file);
    seen.add(file);
    for (const { specifier, names, reExport } of valueImportsOf(file)) {
      let taken = names;
      if (reExport) {
        // Only what was asked of this file and this statement provides.
        const wanted = asked === 'all' ? undefined : asked;
        if (reExport.names === 'all') taken = wanted ?? 'all';
        else if (wanted) {
          const provided = reExport.names;
          taken = wanted.flatMap((name) => (provided.has(name) ? [provided.get(name)!] : []));
          if (taken.length === 0) continue;
        }
        const key = `${file} ${specifier} ${taken === 'all' ? '*' : taken.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
      } else if (!firstVisit) continue;
      follow(file, specifier, taken, via);
    }
  };
  const follow = (from: string, specifier: string, names: string[] | 'all', via: string[]) => {
    if (specifier.startsWith('.')) {
      const target = path.resolve(path.dirname(from), specifier);
      if (/\.(tsx?)$/.test(target) && existsSync(target)) walk(target, via, names);
    } else if (specifier === '@stratus/contract/routes') {
      // The build replaces it by its value, imports none (build/contract-routes.ts).
    } else if (specifier === '@stratus/contract') {
      if (names === 'all') throw new Error(`${from} imports the whole contract`);
      for (const name of names) walk(contractModuleOf(name), via, 'all');
    } else if (heavy.test(specifier)) {
      reached.push(`${specifier} ← ${via.join(' ← ')}`);
    }
  };
  for (const entry of entries) walk(path.join(webSource, entry), [], 'all');
  return reached;
}

describe("the portal's first screen", () => {
  it('reaches no Ant Design, zod or dayjs from the entry and the portal page', () => {
    expect(heavyPackagesReached(['main.tsx', 'features/auth/pages/portal-page.tsx'])).toEqual([]);
  });

  it('would see them: the shell of the pages built with it reaches Ant Design', () => {
    expect(heavyPackagesReached(['app/antd-shell.tsx']).join('\n')).toMatch(/^antd/m);
  });
});

// The console's frame is on its way to the same (issue 18): the pieces drawn as plain elements
// stay so, and no other piece of its first screen takes Ant Design up. The phone's menu drawer,
// the tour and the header's dialogs are fetched lazily, with the providers; the toasts fetch Ant
// Design's message with the first toast. A piece that has to use Ant Design in the first screen
// would be listed here.
const consoleFrameStillOnAntd: string[] = [];

describe("the console's frame", () => {
  it('reaches Ant Design only through the pieces not yet made plain', () => {
    const importers = heavyPackagesReached(['app/console/console-layout.tsx'])
      .filter((chain) => /^(antd|@rc-component\/)/.test(chain))
      .map((chain) => chain.split(' ← ').at(-1));
    expect([...new Set(importers)].sort()).toEqual(consoleFrameStillOnAntd);
  });

  it('draws the header (balance, language and account menus, their icons) without Ant Design', () => {
    const importers = heavyPackagesReached(['app/console/console-header.tsx'])
      .filter((chain) => /^(antd|@ant-design\/|@rc-component\/)/.test(chain))
      .map((chain) => chain.split(' ← ').at(-1));
    expect(importers.filter((file) => !consoleFrameStillOnAntd.includes(file!))).toEqual([]);
  });

  // The contract's schemas wait for a form: the frame calls endpoints by their routes.
  it('builds no zod schema', () => {
    const reached = heavyPackagesReached(['app/console/console-layout.tsx']);
    expect(reached.filter((chain) => chain.startsWith('zod '))).toEqual([]);
  });

  it('draws the recent pages, the title and the menu button without Ant Design', () => {
    const reached = heavyPackagesReached(['app/console/recent-pages-bar.tsx']);
    expect(reached.filter((chain) => /^(antd|@rc-component\/)/.test(chain))).toEqual([]);
  });
});

/** The page module each route marked `plain` in routes.ts loads, read from its `load`. */
function plainPageModules(): string[] {
  const file = path.join(webSource, 'app/routes.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const importedBy = (node: ts.Node): string | undefined => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      return (node.arguments[0] as ts.StringLiteral).text;
    return ts.forEachChild(node, importedBy);
  };
  // Loaders named once and shared by routes (`const loadPortalPage = () => import(…)`).
  const namedLoaders = new Map<string, string>();
  const modules: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const imported = importedBy(node.initializer);
      if (imported && ts.isArrowFunction(node.initializer))
        namedLoaders.set(node.name.text, imported);
    }
    if (ts.isObjectLiteralExpression(node)) {
      const property = (name: string) =>
        node.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
        )?.initializer;
      const load = property('load');
      if (load && property('plain')?.kind === ts.SyntaxKind.TrueKeyword) {
        const imported = ts.isIdentifier(load) ? namedLoaders.get(load.text) : importedBy(load);
        if (!imported) throw new Error(`routes.ts: a plain route's load imports no page`);
        modules.push(path.relative(webSource, path.resolve(path.dirname(file), imported)));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return modules;
}

describe('pages marked plain', () => {
  it('are all found in the route table', () => {
    expect(plainPageModules()).toHaveLength(pageRoutes.filter((route) => route.plain).length);
  });

  // Nor zod: the API client calls endpoints by their routes and checks no answer, so building the
  // contract's schemas (a tenth of the overview's script time on a slow phone) waits for a form.
  it.each(plainPageModules())(
    '%s reaches no Ant Design, its icons, zod, dayjs or recharts',
    (page) => {
      expect(heavyPackagesReached([page])).toEqual([]);
    },
  );

  // The overview loads its usage chart lazily, but on a laptop the chart is in its first screen:
  // it is drawn as plain SVG, and a chart library coming back would cost about 95 KB there. Its
  // labels are on the business clock without dayjs (business-time.ts, by the page's offsets).
  it("the overview's usage chart reaches no chart library, Ant Design or dayjs", () => {
    const reached = heavyPackagesReached(['features/traffic/components/usage-chart.tsx']);
    expect(reached.filter((chain) => /^(recharts|antd|@ant-design\/|dayjs)/.test(chain))).toEqual(
      [],
    );
  });

  it('would see them: the IP list page reaches Ant Design and dayjs', () => {
    const reached = heavyPackagesReached(['features/instances/pages/ip-list-page.tsx']).join('\n');
    expect(reached).toMatch(/^antd /m);
    expect(reached).toMatch(/^dayjs /m);
  });
});
