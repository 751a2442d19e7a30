// `npm run check:cycles`: fails when any .ts/.tsx file can reach itself through its imports.
// Type-only and lazy `import()` edges count too: a type cycle still ties two modules' designs
// together, and a lazy page that imports its route table back is the same knot a step later.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** A strongly connected set of files, with one concrete loop through them to start reading at. */
export interface ImportCycle {
  files: string[];
  loop: string[];
}

const sourceExtensions = ['.ts', '.tsx'];
const skippedDirectories = new Set(['node_modules', 'dist', 'coverage', 'data']);

function listSourceFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirectories.has(entry.name)) found.push(...listSourceFiles(full));
    } else if (sourceExtensions.some((extension) => entry.name.endsWith(extension))) {
      if (!entry.name.endsWith('.d.ts')) found.push(full);
    }
  }
  return found;
}

/** `@stratus/db/testing` → its file, from each workspace's package.json `exports`. */
function workspaceEntries(root: string): Map<string, string> {
  const entries = new Map<string, string>();
  const rootPackage = path.join(root, 'package.json');
  if (!existsSync(rootPackage)) return entries;
  const { workspaces = [] } = JSON.parse(readFileSync(rootPackage, 'utf8')) as {
    workspaces?: string[];
  };
  for (const workspace of workspaces) {
    const directory = path.join(root, workspace);
    const manifest = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
    };
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      entries.set(path.posix.join(manifest.name, subpath), path.join(directory, target));
    }
  }
  return entries;
}

function resolveFile(candidate: string): string | undefined {
  const tries = [candidate, ...sourceExtensions.map((extension) => candidate + extension)];
  tries.push(...sourceExtensions.map((extension) => path.join(candidate, `index${extension}`)));
  return tries.find((file) => existsSync(file) && statSync(file).isFile());
}

/** Every file each file imports, statically, lazily or for types only. */
export function buildImportGraph(root: string, directories: string[]): Map<string, string[]> {
  const packages = workspaceEntries(root);
  const files = directories.flatMap((directory) => listSourceFiles(path.join(root, directory)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName: specifier } of importedFiles) {
      const target = specifier.startsWith('.')
        ? resolveFile(path.resolve(path.dirname(file), specifier))
        : packages.get(specifier);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Tarjan's strongly connected components, iteratively (a deep import chain must not overflow). */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    lowLink.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          lowLink.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) {
        lowLink.set(parent.node, Math.min(lowLink.get(parent.node)!, lowLink.get(frame.node)!));
      }
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfImport) components.push(component);
      }
    }
  }
  return components;
}

/** The shortest loop from `start` back to itself inside `members` (breadth first). */
function shortestLoop(graph: Map<string, string[]>, members: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const loop = [start];
        for (let step = node; step !== start; step = cameFrom.get(step)!) loop.splice(1, 0, step);
        return [...loop, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** The import cycles among the .ts/.tsx files under `directories` of `root`, paths relative. */
export function findImportCycles(
  root: string,
  directories: string[],
): { fileCount: number; cycles: ImportCycle[] } {
  const graph = buildImportGraph(root, directories);
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const cycles = stronglyConnected(graph).map((component) => {
    const sorted = [...component].sort();
    return {
      files: sorted.map(relative),
      loop: shortestLoop(graph, new Set(component), sorted[0]!).map(relative),
    };
  });
  return { fileCount: graph.size, cycles };
}

/**
 * The cycles among the folders directly under each of `parents` (server modules, web features),
 * from the imports of their production files: a test imports whatever it exercises, but no folder
 * may need another that needs it back, through any number of files. A loop names the folders.
 */
export function findFolderCycles(root: string, parents: string[]): ImportCycle[] {
  const graph = buildImportGraph(root, parents);
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const folderOf = (file: string): string | undefined => {
    const name = relative(file);
    const parent = parents.find((candidate) => name.startsWith(`${candidate}/`));
    if (!parent) return undefined;
    const [folder, ...rest] = name.slice(parent.length + 1).split('/');
    return rest.length > 0 ? `${parent}/${folder}` : undefined;
  };
  const isTest = (file: string) => /\.test\.tsx?$/.test(file);
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from || isTest(file)) continue;
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) {
      const to = folderOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  const folderGraph = new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
  return stronglyConnected(folderGraph).map((component) => {
    const sorted = [...component].sort();
    return { files: sorted, loop: shortestLoop(folderGraph, new Set(component), sorted[0]!) };
  });
}

/** The folders whose members must not import each other in a loop. */
export const checkedFolderParents = ['apps/server/src/modules'];

/** What the check covers: every workspace, the browser journeys and the repository's scripts. */
export const checkedDirectories = ['apps', 'packages', 'e2e', 'scripts'];

if (import.meta.main) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { fileCount, cycles } = findImportCycles(root, checkedDirectories);
  for (const cycle of cycles) {
    console.error(
      `import cycle among ${cycle.files.length} files:\n  ${cycle.loop.join('\n  → ')}`,
    );
    if (cycle.files.length > cycle.loop.length - 1) {
      console.error(`  (all of them: ${cycle.files.join(', ')})`);
    }
  }
  const folderCycles = findFolderCycles(root, checkedFolderParents);
  for (const cycle of folderCycles) {
    console.error(
      `import cycle among ${cycle.files.length} folders:\n  ${cycle.loop.join('\n  → ')}`,
    );
  }
  const plural = cycles.length === 1 ? '' : 's';
  const folderPlural = folderCycles.length === 1 ? '' : 's';
  process.stdout.write(
    `${fileCount} files checked, ${cycles.length} import cycle${plural} between files, ` +
      `${folderCycles.length} cycle${folderPlural} between module folders.\n`,
  );
  process.exitCode = cycles.length + folderCycles.length > 0 ? 1 : 0;
}
