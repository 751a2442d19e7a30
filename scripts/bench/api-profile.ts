// Where a request's time and CPU go under load, for `npm run bench:api`'s purchases and wallet
// reads: the API as bench:api starts it, on a seeded database of its own, loaded for a fixed
// time, and measured from outside, with figures firmer than req/s on a shared machine:
//   - CPU ms per answered request of the API process and of the PostgreSQL backends serving
//     this database (/proc/<pid>/stat utime + stime, before and after);
//   - what those backends were doing, sampled from pg_stat_activity every few milliseconds:
//     running (CPU), waiting on a lock or for the WAL flush at commit, or idle in a transaction
//     (waiting for the API's next statement), and how often every pooled connection was busy
//     (requests then wait for the pool).
//
//   node scripts/bench/api-profile.ts [purchases|wallet] [--rate 500] [--seconds 10]
//     [--connections 64] [--warmup 3]
// `--rate N` (purchases' default 500) sends N purchases a second evenly paced (paced-load.ts,
// latencies from each one's due time); `--rate 0` is autocannon's closed loop.
// BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/api-profile' profiles the API too, and
// BENCH_PG_PIDS_FILE=<file> writes the pooled backends' pids there (comma-separated) as the
// measured window starts: `perf record -g -p $(cat <file>) -- sleep 8` profiles PostgreSQL.
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import { createTokenCipher } from '../../apps/server/src/tokens.ts';
import { runLoad } from './api-load.ts';
import { describePaced, type Round } from './api-report.ts';
import { addStock, createBenchDatabase, seedCatalog, seedCustomers } from './api-seed.ts';
import { generateSecretKey, startApi } from './api-servers.ts';
import { pacedPurchaseTarget, purchaseTarget, readTarget } from './api-targets.ts';
import { runPacedLoad } from './paced-load.ts';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const section = argv[0] === 'wallet' ? 'wallet' : 'purchases';
const rate = option('rate', section === 'purchases' ? 500 : 0);
const seconds = option('seconds', 10);
const warmup = option('warmup', 3);
const connections = option('connections', section === 'purchases' ? 64 : 32);
const print = (line = '') => process.stdout.write(`${line}\n`);

/** utime + stime of a process, in ms (`stime: true`: stime only, the kernel's part). */
async function cpuMs(pid: number, { stime = false } = {}): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 (1-based), 12 and 13 after the command name.
    return (((stime ? 0 : Number(fields[11])) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

const bench = await createBenchDatabase();
const admin = new pg.Client({ connectionString: bench.url });
let api: Awaited<ReturnType<typeof startApi>> | undefined;
try {
  await admin.connect();
  const secretKey = generateSecretKey();
  const db = bench.database.db;
  const { plans } = await seedCatalog(db, { stockPerPlan: 100 });
  for (const plan of plans) await addStock(db, plan, Math.ceil((rate * 40) / plans.length) + 100);
  const buyers = await seedCustomers(db, {
    cipher: createTokenCipher(secretKey),
    count: 1000,
    label: 'buyer',
    balanceFen: 100_000_000n,
  });
  // This process's own connections (seeding, this client) are not the API's.
  const ours = (
    await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database()',
    )
  ).rows.map((row) => row.pid);
  api = await startApi({ databaseUrl: bench.url, secretKey, logLevel: 'info' });
  const origin = api.origin;
  const load = (loadSeconds: number): Promise<Round> =>
    section === 'purchases' && rate > 0
      ? runPacedLoad(pacedPurchaseTarget({ origin, connections, rate, buyers, plans }), loadSeconds)
      : runLoad(
          section === 'purchases'
            ? purchaseTarget({ origin, connections, buyers, plans })
            : readTarget('wallet', { origin, connections, customers: buyers, holder: undefined }),
          loadSeconds,
        );
  await load(warmup);
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const myPid = ours.join(',');
  const backendsQuery = `select pid from pg_stat_activity where datname = current_database()
    and backend_type = 'client backend' and pid not in (${myPid}) and query not ilike 'listen %'`;
  const backends = (await admin.query<{ pid: number }>(backendsQuery)).rows.map((row) => row.pid);
  const pidsFile = process.env.BENCH_PG_PIDS_FILE;
  if (pidsFile) await writeFile(pidsFile, backends.join(','));
  // This process: the load generator and the sampler below (a share of the machine's two cores).
  const ownBefore = process.cpuUsage();
  const before = {
    api: await cpuMs(api.pid),
    apiKernel: await cpuMs(api.pid, { stime: true }),
    pg: (await Promise.all(backends.map((pid) => cpuMs(pid)))).reduce((a, b) => a + b, 0),
  };
  const states = new Map<string, number>();
  const busyCounts = new Map<number, number>();
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await admin.query<{ state: string; wait: string | null }>(
        `select state, wait_event_type || ':' || wait_event as wait from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend'
            and pid not in (${myPid}) and query not ilike 'listen %'`,
      );
      samples += 1;
      let busy = 0;
      for (const { state, wait } of rows) {
        if (state === 'idle') continue;
        busy += 1;
        const key =
          state === 'active'
            ? (wait ?? 'active: running (CPU)')
            : `${state}${wait ? ` ${wait}` : ''}`;
        states.set(key, (states.get(key) ?? 0) + 1);
      }
      busyCounts.set(busy, (busyCounts.get(busy) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const loadAverage = os.loadavg()[0]!;
  const round = await load(seconds);
  sampling = false;
  await sampler;
  const own = process.cpuUsage(ownBefore);
  const after = {
    api: await cpuMs(api.pid),
    apiKernel: await cpuMs(api.pid, { stime: true }),
    pg: (await Promise.all(backends.map((pid) => cpuMs(pid)))).reduce((a, b) => a + b, 0),
  };
  const answered = round.ok;
  print(
    `${section}: ${connections} conn.${section === 'purchases' && rate ? `, ${rate}/s evenly paced` : ', closed loop'}, ${seconds} s; load ${loadAverage.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)}`,
  );
  print(
    `  ${round.perSecond.toFixed(0)}/s answered 2xx, p50 ${round.p50.toFixed(1)} ms, p99 ${round.p99.toFixed(1)} ms, failed ${JSON.stringify(round.failed)} errors ${round.errors}`,
  );
  if (round.paced) print(`  ${describePaced(round.paced)}`);
  print(
    `  CPU per request: API ${((after.api - before.api) / answered).toFixed(3)} ms (kernel ${((after.apiKernel - before.apiKernel) / answered).toFixed(3)}), PostgreSQL backends (${backends.length}) ${((after.pg - before.pg) / answered).toFixed(3)} ms, load generator and sampler ${((own.user + own.system) / 1000 / answered).toFixed(3)} ms`,
  );
  print(`  backends not idle, mean over ${samples} samples of pg_stat_activity:`);
  for (const [key, count] of [...states].sort((a, b) => b[1] - a[1])) {
    print(`    ${(count / samples).toFixed(2)}  ${key}`);
  }
  const busyAll = [...busyCounts].filter(([busy]) => busy >= backends.length);
  print(
    `  samples with all ${backends.length} pooled connections busy: ${((100 * busyAll.reduce((a, [, c]) => a + c, 0)) / samples).toFixed(0)} %`,
  );
} finally {
  await api?.stop();
  await admin.end();
  await bench.drop();
}
