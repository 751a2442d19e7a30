// The reminders module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export {
  mailInstanceRenewed,
  mailInstancesExpired,
  mailRenewalFailed,
  sendDueReminders,
} from './service.ts';
export type { ReminderReport } from './service.ts';
