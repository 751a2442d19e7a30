// The settings module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it). Receipts read the business's
// details through it.
export { getBusinessProfile } from './service.ts';
