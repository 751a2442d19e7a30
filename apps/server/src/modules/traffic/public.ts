// The traffic module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export {
  endTrafficPackagesOfOrder,
  expireDueTrafficPackages,
  summariseUsablePackages,
  usablePackages,
} from './repo.ts';
export { hasTrafficPlans, listTrafficPackages, pricePerGbFen } from './service.ts';
