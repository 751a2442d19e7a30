// One name per domain: the contract's endpoint files, the server's module folders and the web's
// features name a domain the same way (an operator side adds `admin-`), and a domain's operator
// endpoints are registered by its own `admin-routes.ts`, its other endpoints by its `routes.ts`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EndpointDefinition } from '@stratus/contract';
import { describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const endpointsDirectory = path.join(repositoryRoot, 'packages/contract/src/endpoints');
const modulesDirectory = path.join(repositoryRoot, 'apps/server/src/modules');
const featuresDirectory = path.join(repositoryRoot, 'apps/web/src/features');

const folders = (directory: string) =>
  readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const domainOf = (name: string) => name.replace(/^admin-/, '');

const modules = folders(modulesDirectory);
const features = folders(featuresDirectory);
const contractFiles = readdirSync(endpointsDirectory)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => name.replace(/\.ts$/, ''));

function isEndpoint(value: unknown): value is EndpointDefinition {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

/** Each endpoint's export name → the contract file defining it and its access. */
async function contractEndpoints() {
  const found = new Map<string, { file: string; access: EndpointDefinition['access'] }>();
  for (const file of contractFiles) {
    const exports = (await import(path.join(endpointsDirectory, `${file}.ts`))) as Record<
      string,
      unknown
    >;
    for (const [name, value] of Object.entries(exports)) {
      if (isEndpoint(value)) found.set(name, { file, access: value.access });
    }
  }
  return found;
}

/**
 * What each routes file of a module imports from `@stratus/contract`: among it, the endpoints it
 * registers (a routes file imports an endpoint for nothing else).
 */
function registrations(): { module: string; file: string; endpoint: string }[] {
  return modules.flatMap((module) =>
    readdirSync(path.join(modulesDirectory, module))
      .filter((file) => /^(admin-)?routes\.ts$/.test(file))
      .flatMap((file) => {
        const text = readFileSync(path.join(modulesDirectory, module, file), 'utf8');
        const imports = [...text.matchAll(/import \{([^}]*)\} from '@stratus\/contract';/g)];
        return imports
          .flatMap((match) => match[1]!.split(','))
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((endpoint) => ({ module, file, endpoint }));
      }),
  );
}

describe('domain names', () => {
  it('names every contract endpoint file and web feature after a server module', () => {
    expect(contractFiles.filter((file) => !modules.includes(domainOf(file)))).toEqual([]);
    expect(features.filter((feature) => !modules.includes(domainOf(feature)))).toEqual([]);
  });

  it('registers operator endpoints in admin-routes.ts of their domain, the others in routes.ts', async () => {
    const endpoints = await contractEndpoints();
    const misplaced: string[] = [];
    const registered = new Set<string>();
    for (const { module, file, endpoint } of registrations()) {
      const definition = endpoints.get(endpoint);
      if (!definition) continue;
      registered.add(endpoint);
      const operator = definition.access === 'staff';
      if (operator !== (file === 'admin-routes.ts')) {
        misplaced.push(`${module}/${file}: ${endpoint} (${definition.access})`);
      }
      if (operator !== definition.file.startsWith('admin-')) {
        misplaced.push(`${definition.file}.ts: ${endpoint} (${definition.access})`);
      }
      if (operator && domainOf(definition.file) !== module) {
        misplaced.push(`${module}/${file}: ${endpoint} of ${definition.file}.ts`);
      }
    }
    expect(misplaced).toEqual([]);
    expect([...endpoints.keys()].filter((name) => !registered.has(name))).toEqual([]);
  });
});
