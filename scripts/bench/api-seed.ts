// The data `npm run bench:api` measures on: a fresh PostgreSQL database of its own, migrated,
// seeded through the server's own services (customers, wallets, sessions, purchases) and bulk
// SQL where the services would take minutes (IP stock), and dropped at the end.
import { randomBytes } from 'node:crypto';
import {
  createDatabase,
  ipAddresses,
  migrateDatabase,
  planPrices,
  queryRows,
  regions,
  sql,
  staticIpPlans,
  eq,
  type Database,
  type Db,
  type LineTypeKind,
} from '@stratus/db';
import pg from 'pg';
import { insertSession } from '../../apps/server/src/modules/auth/repo.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { addGatewayNode } from '../../apps/server/src/modules/nodes/gateway-nodes.ts';
import { purchaseStaticIps } from '../../apps/server/src/modules/orders/service.ts';
import { createUser } from '../../apps/server/src/modules/users/service.ts';
import { changeBalance } from '../../apps/server/src/modules/wallet/service.ts';
import { generateSessionToken, hashToken, type TokenCipher } from '../../apps/server/src/tokens.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function runAsAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  database: Database;
  url: string;
  name: string;
  /** Closes this process's connections and drops the database. */
  drop(): Promise<void>;
}

/** A new `stratus_bench_<random>` database, migrated. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `stratus_bench_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await runAsAdmin(`drop database if exists ${name} with (force)`);
  };
  try {
    const database = await createDatabase({
      url: url.href,
      // The drop at the end ends any connection still open (57P01): expected.
      onConnectionError: (error) => {
        if ((error as { code?: string }).code !== '57P01') console.error(error);
      },
    });
    await migrateDatabase(database);
    return {
      database,
      url: url.href,
      name,
      async drop() {
        await database.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Catalog and stock

export interface BenchPlan {
  planId: string;
  regionId: string;
  lineType: LineTypeKind;
  nodeId: string;
}

const countries = [
  ['JP', '日本', 'Japan', 'tyo', '东京', 'Tokyo'],
  ['US', '美国', 'United States', 'lax', '洛杉矶', 'Los Angeles'],
  ['SG', '新加坡', 'Singapore', 'sin', '新加坡', 'Singapore'],
  ['HK', '中国香港', 'Hong Kong', 'hkg', '香港', 'Hong Kong'],
  ['KR', '韩国', 'South Korea', 'sel', '首尔', 'Seoul'],
  ['DE', '德国', 'Germany', 'fra', '法兰克福', 'Frankfurt'],
  ['GB', '英国', 'United Kingdom', 'lon', '伦敦', 'London'],
  ['FR', '法国', 'France', 'par', '巴黎', 'Paris'],
  ['NL', '荷兰', 'Netherlands', 'ams', '阿姆斯特丹', 'Amsterdam'],
  ['AU', '澳大利亚', 'Australia', 'syd', '悉尼', 'Sydney'],
] as const;
const lineTypes: LineTypeKind[] = ['isp_residential', 'datacenter'];
/** Price of each duration, in fen: 10 yuan for 30 days, cheaper per day for longer. */
const pricesFen: Record<number, bigint> = { 30: 1000n, 90: 2700n, 180: 5100n, 365: 9600n };

/** An active plan on `nodeId` in a region of its own, with the usual four prices and no stock. */
async function insertPlan(
  db: Db,
  {
    nodeId,
    region,
    lineType,
    sortOrder,
  }: {
    nodeId: string;
    region: typeof regions.$inferInsert;
    lineType: LineTypeKind;
    sortOrder: number;
  },
): Promise<BenchPlan> {
  const [regionRow] = await db
    .insert(regions)
    .values({ ...region, sortOrder })
    .onConflictDoUpdate({ target: [regions.country, regions.cityCode], set: { sortOrder } })
    .returning({ id: regions.id });
  const [plan] = await db
    .insert(staticIpPlans)
    .values({ regionId: regionRow!.id, lineType, protocols: ['socks5', 'http', 'vmess'] })
    .returning({ id: staticIpPlans.id });
  await db.insert(planPrices).values(
    Object.entries(pricesFen).map(([days, priceFen]) => ({
      planId: plan!.id,
      durationDays: Number(days),
      priceFen,
    })),
  );
  return { planId: plan!.id, regionId: regionRow!.id, lineType, nodeId };
}

let addressesMade = 0;

/** `count` more available IPs for the plan, in one statement (unique addresses from 100.64/10). */
export async function addStock(db: Db, plan: BenchPlan, count: number): Promise<void> {
  const first = addressesMade;
  addressesMade += count;
  await db.execute(sql`
    insert into ${ipAddresses} (node_id, region_id, line_type, address, port, vmess_port)
    select ${plan.nodeId}, ${plan.regionId}, ${plan.lineType},
           '100.' || (64 + (n >> 16)) || '.' || ((n >> 8) & 255) || '.' || (n & 255), 1080, 10086
      from generate_series(${first}::int, ${first + count - 1}::int) as n`);
}

/** The customer catalog: ten cities, two line types each, `stockPerPlan` IPs per plan. */
export async function seedCatalog(
  db: Db,
  { stockPerPlan }: { stockPerPlan: number },
): Promise<{ plans: BenchPlan[]; nodeId: string }> {
  const node = await addGatewayNode({ db, name: 'bench-catalog', host: 'gw.bench.example' });
  if (!node.ok) throw new Error('could not add the catalog node');
  const plans: BenchPlan[] = [];
  for (const [index, [country, zh, en, cityCode, cityZh, cityEn]] of countries.entries()) {
    for (const lineType of lineTypes) {
      const region = {
        country,
        countryNameZh: zh,
        countryNameEn: en,
        cityCode,
        cityNameZh: cityZh,
        cityNameEn: cityEn,
      };
      const plan = await insertPlan(db, {
        nodeId: node.node.id,
        region,
        lineType,
        sortOrder: index,
      });
      await addStock(db, plan, stockPerPlan);
      plans.push(plan);
    }
  }
  return { plans, nodeId: node.node.id };
}

// ---------------------------------------------------------------------------------------------
// Customers

export interface BenchCustomer {
  userId: string;
  /** A live session's bearer token. */
  token: string;
}

/**
 * `count` customers with wallets credited `balanceFen` (a top-up's ledger row) and a session
 * each, in one transaction. They share one password hash: hashing each would take minutes.
 */
export async function seedCustomers(
  db: Db,
  {
    cipher,
    count,
    label,
    balanceFen,
  }: { cipher: TokenCipher; count: number; label: string; balanceFen: bigint },
): Promise<BenchCustomer[]> {
  const passwordHash = await hashPassword(`bench-password-${randomBytes(8).toString('hex')}`);
  return db.transaction(async (tx) => {
    const customers: BenchCustomer[] = [];
    for (let index = 0; index < count; index += 1) {
      const user = await createUser({
        tx,
        cipher,
        email: `${label}-${index}@bench.example`,
        passwordHash,
      });
      await changeBalance({
        tx,
        userId: user.id,
        amountFen: balanceFen,
        type: 'topup',
        reference: 'bench',
      });
      const token = generateSessionToken();
      await insertSession(tx, {
        userId: user.id,
        tokenHash: hashToken(token),
        maxDays: 7,
        userAgent: 'bench',
        ip: '127.0.0.1',
      });
      customers.push({ userId: user.id, token });
    }
    return customers;
  });
}

/** Buys `quantity` IPs of the plan for the customer through the purchase service, 100 at a time. */
export async function buyInstances(
  db: Db,
  { customer, plan, quantity }: { customer: BenchCustomer; plan: BenchPlan; quantity: number },
): Promise<string[]> {
  const instanceIds: string[] = [];
  for (let bought = 0; bought < quantity; bought += 100) {
    const { instances } = await purchaseStaticIps({
      db,
      userId: customer.userId,
      locale: 'zh-CN',
      purchase: {
        planId: plan.planId,
        durationDays: 30,
        quantity: Math.min(100, quantity - bought),
        autoRenew: false,
      },
    });
    instanceIds.push(...instances.map((instance) => instance.id));
  }
  return instanceIds;
}

// ---------------------------------------------------------------------------------------------
// Usage

export interface BenchUsageNode {
  apiKey: string;
  /** The instances on the node's IPs, one record each per batch. */
  instanceIds: string[];
}

/**
 * `nodes` gateway nodes with real keys, each with `instancesPerNode` instances of one customer on
 * its IPs, bought through the purchase service. Their plans are hidden afterwards, so the
 * catalog stays the ten cities.
 */
export async function seedUsageNodes(
  db: Db,
  {
    customer,
    nodes,
    instancesPerNode,
  }: { customer: BenchCustomer; nodes: number; instancesPerNode: number },
): Promise<BenchUsageNode[]> {
  const seeded: BenchUsageNode[] = [];
  for (let index = 0; index < nodes; index += 1) {
    const node = await addGatewayNode({
      db,
      name: `bench-usage-${index}`,
      host: `gw${index}.bench.example`,
    });
    if (!node.ok) throw new Error('could not add a usage node');
    const region = {
      country: 'ZZ',
      countryNameZh: '测试',
      countryNameEn: 'Bench',
      cityCode: `usage-${index}`,
      cityNameZh: `节点${index}`,
      cityNameEn: `Node ${index}`,
    };
    const plan = await insertPlan(db, {
      nodeId: node.node.id,
      region,
      lineType: 'datacenter',
      sortOrder: 100,
    });
    await addStock(db, plan, instancesPerNode);
    const instanceIds = await buyInstances(db, { customer, plan, quantity: instancesPerNode });
    await db.update(staticIpPlans).set({ active: false }).where(eq(staticIpPlans.id, plan.planId));
    seeded.push({ apiKey: node.apiKey, instanceIds });
  }
  return seeded;
}

// ---------------------------------------------------------------------------------------------
// Checks at the end

/** Wallets whose balance is not the sum of their ledger: must be none. */
export async function countUnbalancedWallets(db: Db): Promise<number> {
  const [row] = await queryRows<{ unbalanced: number }>(
    db,
    sql`select count(*)::int as unbalanced
          from wallets w
          left join (select user_id, sum(amount_fen) as total
                       from ledger_entries group by user_id) l on l.user_id = w.user_id
         where w.balance_fen <> coalesce(l.total, 0)`,
  );
  return row?.unbalanced ?? -1;
}

/** Static-IP orders of the customers whose email starts with one of `labels` (`buyer-`…). */
export async function countOrdersOf(db: Db, labels: string[]): Promise<number> {
  const patterns = labels.map((label) => `${label}-%`);
  const [row] = await queryRows<{ orders: number }>(
    db,
    sql`select count(*)::int as orders from orders o join users u on u.id = o.user_id
         where o.type = 'static_ip' and u.email like any(${sql.param(patterns)}::text[])`,
  );
  return row?.orders ?? -1;
}

/** Available IPs of each plan, by plan id. */
export async function countStock(
  db: Db,
  plans: readonly BenchPlan[],
): Promise<Map<string, number>> {
  const rows = await queryRows<{ regionId: string; lineType: string; stock: number }>(
    db,
    sql`select region_id as "regionId", line_type as "lineType", count(*)::int as stock
          from ${ipAddresses} where status = 'available' group by region_id, line_type`,
  );
  const byKey = new Map(rows.map((row) => [`${row.regionId}:${row.lineType}`, row.stock]));
  return new Map(
    plans.map((plan) => [plan.planId, byKey.get(`${plan.regionId}:${plan.lineType}`) ?? 0]),
  );
}
