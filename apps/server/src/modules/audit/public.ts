// The audit module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { formatAuditCsv } from './csv.ts';
export { CLI_ACTOR, diffChanges, recordAudit } from './service.ts';
export type { StaffActor } from './service.ts';
