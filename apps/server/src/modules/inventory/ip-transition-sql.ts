// The SQL side of `ipTransitions` (ip-status.ts): every statement that changes an address's
// status sets it with `toStatusOf` and holds the row to the states it may leave with `fromStatesOf`,
// so a row in any other state is left alone rather than moved somewhere the table does not allow.
import { inArray, ipAddresses, type SQL } from '@stratus/db';
import { ipTransitions, type IpTransition } from './ip-status.ts';

/** The `set` of the transition: the status it moves the address to. */
export function toStatusOf(transition: IpTransition) {
  return { status: ipTransitions[transition].to };
}

/** The WHERE condition of the transition: the address is in a state it may leave. */
export function fromStatesOf(transition: IpTransition): SQL {
  const from = ipTransitions[transition].from.filter((status) => status !== null);
  if (from.length === 0) throw new Error(`${transition} changes no existing address`);
  return inArray(ipAddresses.status, from);
}
