// The catalog-admin module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { loadDemoPlanPrice, setPlanPrice } from './set-plan-price.ts';
export { listTrafficPlans, loadDemoTrafficPlan, saveTrafficPlanBySize } from './traffic-plans.ts';
