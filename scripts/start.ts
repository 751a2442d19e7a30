// `npm start`: the whole product. Builds the web app when its output is missing or older than its
// sources, then runs the API server (which also serves the built app) and, beside it, the demo
// gateway as a process of its own (scripts/serve.ts).
import { buildWebAppIfStale } from './web-build.ts';

const buildStatus = buildWebAppIfStale();
if (buildStatus !== 0) process.exit(buildStatus);

await import('./serve.ts');
