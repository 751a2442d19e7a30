// The inventory module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { expandIpv4Cidr, normaliseIpAddress } from './addresses.ts';
export { importIps } from './import.ts';
export type { ImportSource } from './import.ts';
export {
  allocateAvailableIps,
  buildIpClaim,
  claimPickedIp,
  reclaimCoolingIps,
} from './ip-claims-repo.ts';
export type { IpAddressRow, IpClaim } from './ip-claims-repo.ts';
export {
  claimDueRenewals,
  coolDownLeftAddress,
  expireDueInstances,
  expireInstanceRows,
  findLastBoughtDuration,
  releaseCooledIps,
  setRenewalWarning,
} from './lifecycle-repo.ts';
export type { DueRenewal } from './lifecycle-repo.ts';
export { describeProblem } from './problems.ts';
export {
  describeIssues,
  lineTypeOptionSchema,
  regionSpecSchema,
  validateInventoryIp,
} from './rows.ts';
export type { InventoryIp, RegionSpec } from './rows.ts';
export { hasCatalog, setNodeProxyPort, summariseInventory } from './service.ts';
