import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');
export const screenshotDir = path.join(repoRoot, 'e2e/screenshots');
export const adminEntry = path.join(repoRoot, 'apps/server/src/cli/admin.ts');
/** The API and the demo gateway under the supervisor, as `npm start` runs them once built. */
export const supervisedEntry = path.join(repoRoot, 'scripts/serve.ts');
