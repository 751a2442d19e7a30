// The catalog module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export {
  countAvailableIpsFor,
  findPlanFor,
  findPlanPrice,
  findPlanWithPrice,
  listPlanPrices,
  selectPlanWithPriceFrom,
} from './repo.ts';
export type { PlanWithPrice, PlanWithRegion } from './repo.ts';
export { localiseRegion } from './service.ts';
export { mailLowStock } from './low-stock.ts';
export { loadDemoPlanPrice, setPlanPrice } from './admin-plan-price.ts';
export {
  listTrafficPlans,
  loadDemoTrafficPlan,
  saveTrafficPlanBySize,
} from './admin-traffic-plans.ts';
