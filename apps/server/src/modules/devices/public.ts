// The devices module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it). Its routes are mounted by app.ts.
export { pruneSignInHistory } from './service.ts';
