import type { AdminTrafficPlan } from '@stratus/contract';
import type { TFunction } from 'i18next';

/** A traffic plan as a person names it: 10 GB / 30 天. */
export function trafficPlanName(plan: Pick<AdminTrafficPlan, 'gb' | 'validityDays'>, t: TFunction) {
  return t('adminCatalog.traffic.name', { gb: plan.gb, days: plan.validityDays });
}
