// The dynamic module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { generateDynamicAccountName, generateDynamicPassword } from './credentials.ts';
export { findDynamicAccount } from './repo.ts';
export { ensureDynamicAccount } from './service.ts';
