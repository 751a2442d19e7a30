// Builds the web app when its output is missing or older than its sources: `npm start` and
// `npm run a11y` both serve the built app.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/contract/src',
];

function newestChange(target: string): number {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return webSources.some((source) => newestChange(path.join(root, source)) > builtAt);
}

/** Answers the build's exit status: 0 when the build was fresh already or has just succeeded. */
export function buildWebAppIfStale(env: NodeJS.ProcessEnv = process.env): number {
  return webBuildIsStale() ? buildWebApp(env) : 0;
}

/** Builds the web app now (precompressed copies included); answers the build's exit status. */
export function buildWebApp(env: NodeJS.ProcessEnv = process.env): number {
  console.warn('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@stratus/web'], {
    cwd: root,
    env,
    // The build's report goes where diagnostics go, so a caller's own output stays clean.
    stdio: ['ignore', process.stderr, process.stderr],
  });
  return build.status ?? 1;
}
