// The instances module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { generateProxyCredentials } from './credentials.ts';
export { formatInstancesCsv } from './export-csv.ts';
export { autoRenewalPriceFen, renewDueInstance, renewInstances } from './renewal.ts';
export { listVmessUnservedInstances } from './replacement-repo.ts';
export {
  insertInstances,
  listInstanceDetails,
  listInstanceDetailsByIds,
  lockInstanceDetails,
  takeBackRenewedDays,
} from './repo.ts';
export type { InstanceRow, PurchasedInstanceRow } from './repo.ts';
export {
  getOrderWithInstances,
  listInstances,
  resetInstancePassword,
  toExportRow,
  toNewInstances,
} from './service.ts';
