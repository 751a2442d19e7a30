// What each section of `npm run bench:api` sends: real API calls with the seeded customers'
// sessions, paths from the contract.
import { randomUUID } from 'node:crypto';
import {
  API_PREFIX,
  createStaticIpOrder,
  getOverview,
  getWallet,
  listInstances,
  listStaticIpCatalog,
  reportNodeUsage,
} from '@stratus/contract';
import type { AutocannonRequest } from 'autocannon';
import type { LoadTarget } from './api-load.ts';
import type { PacedTarget, RequestFactory } from './paced-load.ts';
import type { ReadSection } from './api-options.ts';
import type { BenchCustomer, BenchPlan, BenchUsageNode } from './api-seed.ts';

/** A request that takes the next of `customers`' sessions each time (round robin). */
function spreadOver(customers: readonly BenchCustomer[], request: AutocannonRequest = {}) {
  let next = 0;
  return {
    ...request,
    setupRequest: (outgoing: AutocannonRequest) => {
      const customer = customers[next++ % customers.length]!;
      return {
        ...outgoing,
        headers: { ...outgoing.headers, authorization: `Bearer ${customer.token}` },
      };
    },
  };
}

export function readTarget(
  section: ReadSection,
  {
    origin,
    connections,
    customers,
    holder,
  }: {
    origin: string;
    connections: number;
    /** The funded customers: wallet and catalog calls are spread over their sessions. */
    customers: readonly BenchCustomer[];
    /** The customer with 50 instances (and their orders). */
    holder: BenchCustomer | undefined;
  },
): LoadTarget {
  const url = (path: string) => `${origin}${API_PREFIX}${path}`;
  const asHolder = () => {
    if (!holder) throw new Error(`${section} needs the instance holder`);
    return [{ headers: { authorization: `Bearer ${holder.token}` } }];
  };
  switch (section) {
    case 'wallet':
      return { url: url(getWallet.path), connections, requests: [spreadOver(customers)] };
    case 'catalog':
      return { url: url(listStaticIpCatalog.path), connections, requests: [spreadOver(customers)] };
    case 'instances':
      return { url: url(`${listInstances.path}?pageSize=50`), connections, requests: asHolder() };
    case 'overview':
      return { url: url(getOverview.path), connections, requests: asHolder() };
  }
}

/**
 * Real purchases of one IP for 30 days, each with an Idempotency-Key of its own, taking the
 * buyers and the plans in turn (as a shop's customers buy in every city, not all in one). Both
 * load generators take their requests from here: autocannon (`purchaseTarget`) and the paced one
 * (`pacedPurchaseTarget`).
 */
export function purchaseRequests({
  buyers,
  plans,
}: {
  buyers: readonly BenchCustomer[];
  plans: readonly BenchPlan[];
}): RequestFactory {
  const bodies = plans.map((plan) =>
    JSON.stringify({ planId: plan.planId, durationDays: 30, quantity: 1 }),
  );
  let next = 0;
  return () => {
    const buyer = buyers[next % buyers.length]!;
    const body = bodies[next % bodies.length]!;
    next += 1;
    return {
      method: createStaticIpOrder.method,
      headers: {
        authorization: `Bearer ${buyer.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body,
    };
  };
}

const purchaseUrl = (origin: string) => `${origin}${API_PREFIX}${createStaticIpOrder.path}`;

/** Purchases (`purchaseRequests`) for autocannon. */
export function purchaseTarget({
  origin,
  connections,
  overallRate,
  buyers,
  plans,
}: {
  origin: string;
  connections: number;
  /**
   * Purchases per second autocannon offers (see `LoadTarget`: in bursts at the start of each
   * second, not evenly); absent: as fast as they are answered.
   */
  overallRate?: number;
  buyers: readonly BenchCustomer[];
  plans: readonly BenchPlan[];
}): LoadTarget {
  const nextPurchase = purchaseRequests({ buyers, plans });
  return {
    url: purchaseUrl(origin),
    connections,
    ...(overallRate ? { overallRate } : {}),
    requests: [
      {
        method: createStaticIpOrder.method,
        setupRequest: (outgoing) => {
          const purchase = nextPurchase();
          return {
            ...outgoing,
            method: purchase.method,
            headers: { ...outgoing.headers, ...purchase.headers },
            body: purchase.body!,
          };
        },
      },
    ],
  };
}

/** Purchases (`purchaseRequests`) evenly paced at `rate` a second (paced-load.ts). */
export function pacedPurchaseTarget({
  origin,
  connections,
  rate,
  buyers,
  plans,
}: {
  origin: string;
  connections: number;
  rate: number;
  buyers: readonly BenchCustomer[];
  plans: readonly BenchPlan[];
}): PacedTarget {
  return {
    url: purchaseUrl(origin),
    connections,
    rate,
    nextRequest: purchaseRequests({ buyers, plans }),
  };
}

/**
 * Usage batches as a gateway sends them (`{batchId, from, to, records}`, one record per instance
 * of the node), each node's in turn with its own key. `applied` counts the records the API says
 * it applied.
 */
export function usageTarget({
  origin,
  nodes,
  applied,
}: {
  origin: string;
  nodes: readonly BenchUsageNode[];
  applied: { records: number };
}): LoadTarget {
  let next = 0;
  return {
    url: `${origin}${API_PREFIX}${reportNodeUsage.path}`,
    connections: nodes.length,
    requests: [
      {
        method: reportNodeUsage.method,
        setupRequest: (outgoing) => {
          const node = nodes[next++ % nodes.length]!;
          const now = Date.now();
          const at = new Date(now - 1000).toISOString();
          const records = node.instanceIds
            .map(
              (id) =>
                `{"kind":"static","subject":"${id}","bytesUp":1000,"bytesDown":50000,"at":"${at}"}`,
            )
            .join(',');
          return {
            ...outgoing,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${node.apiKey}` },
            body:
              `{"batchId":"${randomUUID()}","from":"${new Date(now - 5000).toISOString()}",` +
              `"to":"${new Date(now).toISOString()}","records":[${records}]}`,
          };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          applied.records += (JSON.parse(body) as { data: { applied: number } }).data.applied;
        },
      },
    ],
  };
}
