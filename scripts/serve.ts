// The API server and the demo gateway beside it, supervised (scripts/supervisor.ts): what
// `npm start` runs once the web app is built. Exits with the API's exit code.
import { runStratus } from './supervisor.ts';

process.exit(await runStratus());
