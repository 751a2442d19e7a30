import type { AdminStaticIpPlan } from '@stratus/contract';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../shared/i18n/i18n.ts';
import { regionLabel } from './region-label.ts';

/** A static-IP plan as a person names it: 日本 · 东京 · ISP住宅. */
export function planName(plan: Pick<AdminStaticIpPlan, 'region' | 'lineType'>, t: TFunction) {
  return `${regionLabel(plan.region, currentLanguage())} · ${t(`instances.lineType.${plan.lineType}`)}`;
}
