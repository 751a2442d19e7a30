import { spawnSync } from 'node:child_process';
import { repoRoot } from './support/paths.ts';

/** The browser tests run against the production build, served by the API server as in `npm start`. */
export default function buildWebApp() {
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@stratus/web'], {
    cwd: repoRoot,
    // Vitest sets NODE_ENV=test, which would give a development build of React and Ant Design.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`Web build failed:\n${result.stdout}\n${result.stderr}`);
  }
}
