// The contract's route table (`@stratus/contract/routes`: each endpoint's method, path, access)
// is worked out from the endpoints, so evaluating it builds every schema of the contract: about
// 700 zod schemas, a tenth of the console's first-load script time on a slow phone. The browser
// needs only the table, so the build evaluates that module once, in Node, and the bundle holds
// its value: no import, no zod. The contract stays the one source; nothing is written twice.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { Plugin } from 'vite';

/** `@stratus/contract/routes` as a file, from the web app's root. */
export function contractRoutesFile(webRoot: string): string {
  return path.resolve(webRoot, '../../packages/contract/src/routes.ts');
}

/** A module's source that exports these values, each as a JSON literal. */
export function sourceExporting(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([name, value]) => {
      const literal = JSON.stringify(value);
      // JSON keeps only plain data: a function or undefined would vanish without a word.
      if (literal === undefined || !isDeepStrictEqual(JSON.parse(literal), value))
        throw new Error(`the export ${name} is not plain data`);
      return `export const ${name} = ${literal};\n`;
    })
    .join('');
}

/** The module's source as the values it exports, evaluated here (in Node). */
export async function evaluatedModuleSource(file: string): Promise<string> {
  return sourceExporting((await import(pathToFileURL(file).href)) as Record<string, unknown>);
}

export function contractRoutes(): Plugin {
  let routesFile: string | undefined;
  return {
    name: 'stratus:contract-routes',
    enforce: 'pre',
    configResolved(config) {
      routesFile = contractRoutesFile(config.root);
    },
    async load(id) {
      if (!routesFile || id.split('?')[0] !== routesFile) return null;
      return { code: await evaluatedModuleSource(routesFile), moduleSideEffects: false };
    },
    // Vitest keeps transformed modules on disk, keyed by each file's own text: this module's value
    // comes from the endpoints it imports, so a cached copy would miss an endpoint added since
    // (a page test then never calls it). It is never cached.
    configureVitest({ defineCacheKeyGenerator }: VitestPluginContext) {
      defineCacheKeyGenerator(({ id }) =>
        routesFile && id.split('?')[0] === routesFile ? false : undefined,
      );
    },
  } as Plugin;
}

/** What Vitest's `configureVitest` hook is given, of which this plugin uses one function. */
interface VitestPluginContext {
  defineCacheKeyGenerator: (
    generator: (context: { id: string }) => string | false | undefined,
  ) => void;
}
