// The allowlist module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
// Nothing of it is used elsewhere yet: its routes are mounted by app.ts.
export {};
