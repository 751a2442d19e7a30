// The subscriptions module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { pruneRateLimitWindows } from './rate-limit.ts';
