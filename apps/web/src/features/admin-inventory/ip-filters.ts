import { ipAddressStatusSchema, lineTypeSchema } from '@stratus/contract';
import {
  choice,
  defineListFilters,
  oneOf,
  text,
  type FilterValues,
} from '../../shared/list-filters.ts';

/** The inventory's filters, kept in the address so a filtered view can be shared or reloaded. */
export const ipFilters = defineListFilters({
  /** A gateway node's name. */
  node: text(),
  /** `JP/tokyo`. */
  region: text(),
  lineType: oneOf(lineTypeSchema),
  status: oneOf(ipAddressStatusSchema),
  /** An address, a block (`10.0.0.0/24`) or part of an address. */
  q: text(),
  /** `true`: only quarantined addresses a live instance still uses. */
  flagged: choice(['true']),
});

export type IpFilters = FilterValues<typeof ipFilters.params, true>;
