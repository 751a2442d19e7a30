import { instanceStatusSchema } from '@stratus/contract';
import {
  choice,
  defineListFilters,
  matching,
  oneOf,
  text,
  type FilterValues,
} from '../../shared/list-filters.ts';

/** The "expiring within N days" choices. */
export const EXPIRING_CHOICES = [3, 7, 15, 30] as const;

/** The IP-list filters, kept in the address so a filtered view can be shared or reloaded. */
export const instanceFilters = defineListFilters({
  status: oneOf(instanceStatusSchema),
  /** ISO 3166-1 alpha-2, as the catalogue writes it. */
  country: matching(/^[A-Z]{2}$/),
  keyword: text(),
  expiringWithinDays: choice(EXPIRING_CHOICES),
});

export type InstanceFilters = FilterValues<typeof instanceFilters.params, true>;
