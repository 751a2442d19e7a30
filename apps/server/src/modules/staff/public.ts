// The staff module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { addStaffMember, resetTwoStepByEmail } from './service.ts';
