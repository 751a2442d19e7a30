// The demo catalog `npm start` loads into an empty database, so a fresh install has something to
// browse and buy. Never touches a database that already has a catalog.
import { lineTypes } from '@stratus/contract';
import { sql, type Db } from '@stratus/db';
import type { FastifyBaseLogger } from 'fastify';
import { loadDemoPlanPrice, loadDemoTrafficPlan } from '../modules/catalog/public.ts';
import { importIps, hasCatalog } from '../modules/inventory/public.ts';
import type { InventoryIp } from '../modules/inventory/public.ts';
import { addGatewayNode, findGatewayNode } from '../modules/nodes/public.ts';
import { hasTrafficPlans } from '../modules/traffic/public.ts';
import {
  DEMO_NODE_HOST,
  DEMO_NODE_NAME,
  DEMO_PROXY_PORT,
  DEMO_VMESS_PORT,
  demoAddress,
  demoIpsFor,
  demoPrices,
  demoRegions,
  demoTrafficPlans,
} from './demo-catalog.ts';

/** Serialises seeding when several servers start at once against one empty database. */
const DEMO_SEED_LOCK_ID = 740_211_614;
/** The same for the demo traffic plans, seeded on their own (an older demo database has none). */
const DEMO_TRAFFIC_SEED_LOCK_ID = 740_211_615;

export type DemoSeedReport =
  | { seeded: false; reason: 'disabled' | 'catalogExists' | 'failed' }
  | { seeded: true; node: string; regions: number; plans: number; prices: number; ips: number };

/**
 * Loads the demo catalog in one transaction when no region or plan exists yet: the gateway node
 * `demo-gateway`, four regions, a residential and a datacenter plan in each with prices for 30, 90,
 * 180 and 365 days, and loopback IPs on `proxyPort` (the demo gateway's, `EMBEDDED_GATEWAY_PORT`).
 * A second call, or a call on a database with any catalog, changes nothing.
 */
export async function seedDemoCatalog({
  db,
  proxyPort = DEMO_PROXY_PORT,
}: {
  db: Db;
  proxyPort?: number;
}): Promise<DemoSeedReport> {
  return db.transaction(async (tx) => {
    // Held until commit: a server starting alongside waits, then finds the catalog and skips.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_ID})`);
    if (await hasCatalog({ db: tx })) return { seeded: false, reason: 'catalogExists' };

    // The key is not shown: `npm run admin -- rotate-node-key demo-gateway` issues a usable one.
    const added = await addGatewayNode({ db: tx, name: DEMO_NODE_NAME, host: DEMO_NODE_HOST });
    if (!added.ok && !(await findGatewayNode({ db: tx, name: DEMO_NODE_NAME }))) {
      throw new Error('demo gateway node vanished while seeding');
    }

    // The same operator services `npm run admin` uses: the import creates the regions first.
    const ips: InventoryIp[] = [];
    for (const region of demoRegions) {
      for (const lineType of lineTypes) {
        for (let n = 0; n < demoIpsFor(region.country, lineType); n += 1) {
          ips.push({
            address: demoAddress(ips.length),
            port: proxyPort,
            vmessPort: DEMO_VMESS_PORT,
            lineType,
            region,
          });
        }
      }
    }
    // No operator acts here (no audit entry): the server loads its own demo catalog.
    const imported = await importIps({
      db: tx,
      actor: null,
      nodeName: DEMO_NODE_NAME,
      source: { format: 'ips', ips },
      dryRun: false,
    });

    let plans = 0;
    let prices = 0;
    for (const region of demoRegions) {
      for (const lineType of lineTypes) {
        plans += 1;
        for (const [days, priceFen] of Object.entries(demoPrices[lineType])) {
          const priced = await loadDemoPlanPrice({
            tx,
            country: region.country,
            city: region.city,
            lineType,
            durationDays: Number(days),
            priceFen,
            protocols: ['socks5', 'http', 'vmess'],
          });
          if (!priced.ok) throw new Error('demo region vanished while seeding');
          prices += 1;
        }
      }
    }
    return {
      seeded: true,
      node: DEMO_NODE_NAME,
      regions: demoRegions.length,
      plans,
      prices,
      ips: imported.imported,
    };
  });
}

/** Server start: seeds when enabled (`DEMO_SEED`), logs what happened, never stops the start. */
export async function loadDemoCatalogOnStart({
  db,
  enabled,
  proxyPort,
  log,
}: {
  db: Db;
  enabled: boolean;
  proxyPort?: number;
  log: FastifyBaseLogger;
}): Promise<DemoSeedReport> {
  if (!enabled) return { seeded: false, reason: 'disabled' };
  try {
    const report = await seedDemoCatalog({ db, proxyPort });
    if (report.seeded) {
      log.info(
        report,
        'loaded the demo catalog into the empty database (DEMO_SEED=0 turns this off); ' +
          `run \`npm run admin -- rotate-node-key ${DEMO_NODE_NAME}\` for the gateway's key`,
      );
    }
    return report;
  } catch (error) {
    // The demo is a convenience: a failure is worth a warning, not a server that will not start.
    log.warn({ err: error }, 'could not load the demo catalog');
    return { seeded: false, reason: 'failed' };
  }
}

export type DemoTrafficSeedReport =
  { seeded: false; reason: 'disabled' | 'plansExist' | 'failed' } | { seeded: true; plans: number };

/**
 * Loads the demo traffic plans (1, 10, 50 and 100 GB) when there is no traffic plan at all,
 * whatever the static-IP catalog holds, so a demo database made before traffic existed gets them
 * too. A second call, or a call on a database with any traffic plan, changes nothing.
 */
export async function seedDemoTrafficPlans({ db }: { db: Db }): Promise<DemoTrafficSeedReport> {
  return db.transaction(async (tx) => {
    // Held until commit: a server starting alongside waits, then finds the plans and skips.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_TRAFFIC_SEED_LOCK_ID})`);
    if (await hasTrafficPlans({ db: tx })) return { seeded: false, reason: 'plansExist' };
    for (const plan of demoTrafficPlans) {
      await loadDemoTrafficPlan({ tx, ...plan, active: true });
    }
    return { seeded: true, plans: demoTrafficPlans.length };
  });
}

/** Server start: seeds the traffic plans when enabled (`DEMO_SEED`), never stops the start. */
export async function loadDemoTrafficPlansOnStart({
  db,
  enabled,
  log,
}: {
  db: Db;
  enabled: boolean;
  log: FastifyBaseLogger;
}): Promise<DemoTrafficSeedReport> {
  if (!enabled) return { seeded: false, reason: 'disabled' };
  try {
    const report = await seedDemoTrafficPlans({ db });
    if (report.seeded) {
      log.info(report, 'loaded the demo traffic plans (DEMO_SEED=0 turns this off)');
    }
    return report;
  } catch (error) {
    log.warn({ err: error }, 'could not load the demo traffic plans');
    return { seeded: false, reason: 'failed' };
  }
}
