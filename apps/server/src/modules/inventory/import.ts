// THE import of addresses into a node's pool, whoever asks: the operator console (preview, then
// apply), `npm run admin -- import-ips` and the demo seed. Reading the text, checking each line
// against the pool and writing all of it or nothing happen here once.
import {
  IP_IMPORT_MAX_ADDRESSES,
  type IpImportResult,
  type IpImportRow,
  type LineType,
  type Locale,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/public.ts';
import { findGatewayNode, type GatewayNodeRow } from '../nodes/public.ts';
import { readInventoryCsv } from './csv.ts';
import { findPooledAddresses, insertNewIpAddresses, type NewIpAddress } from './import-repo.ts';
import { describeProblem } from './problems.ts';
import { readIpRanges } from './ranges.ts';
import { findOrCreateRegion, findRegion, type RegionRow } from './repo.ts';
import { regionCodeOf, type ImportCandidate, type InventoryIp, type RegionSpec } from './rows.ts';

/** Where the addresses come from. */
export type ImportSource =
  | { format: 'csv'; text: string }
  | {
      format: 'ranges';
      text: string;
      /**
       * What every address gets. The region by code (`JP/tokyo`) must exist; given with its
       * names (the command line's flags) it is created when missing, like a CSV's.
       */
      defaults: {
        region: string | RegionSpec;
        lineType: LineType;
        port: number;
        vmessPort: number;
      };
    }
  /** Addresses already read and checked (the demo seed). */
  | { format: 'ips'; ips: InventoryIp[] };

/**
 * `refuse` (the console): an address already in the node's pool, or repeated in the text, is a
 * line error like any other. `skip` (the command line): those are left as they are and counted;
 * an address on another node is still an error.
 */
export type DuplicatePolicy = 'refuse' | 'skip';

/** One candidate after the pool check: its problems, or skipped as a duplicate. */
export interface CheckedCandidate extends ImportCandidate {
  skipped: boolean;
}

export interface ImportOutcome {
  node: { id: string; name: string };
  dryRun: boolean;
  applied: boolean;
  candidates: CheckedCandidate[];
  /** Addresses written (0 for a dry run). */
  imported: number;
  skipped: number;
  /** Regions created (a dry run: that would be), `JP/osaka`. */
  regionsCreated: string[];
}

async function regionSpecFromCode(db: Db, code: string): Promise<RegionSpec> {
  const [country = '', city = ''] = code.split('/');
  const region = await findRegion(db, { country: country.toUpperCase(), city });
  if (!region) throw new AppError('ipImportRegionNotFound', { region: code });
  return {
    country: region.country,
    countryZh: region.countryNameZh,
    countryEn: region.countryNameEn,
    city: region.cityCode,
    cityZh: region.cityNameZh,
    cityEn: region.cityNameEn,
  };
}

async function readCandidates(db: Db, source: ImportSource): Promise<ImportCandidate[]> {
  switch (source.format) {
    case 'csv':
      return readInventoryCsv(source.text);
    case 'ranges': {
      const { region, ...defaults } = source.defaults;
      const spec = typeof region === 'string' ? await regionSpecFromCode(db, region) : region;
      return readIpRanges(source.text, { ...defaults, region: spec }, IP_IMPORT_MAX_ADDRESSES);
    }
    case 'ips':
      return source.ips.map((ip, index) => ({
        line: index + 1,
        address: ip.address,
        ip,
        problems: [],
      }));
  }
}

/**
 * Adds to each candidate what the pool says about it: a repeat of an earlier line, an address
 * already in this node's pool (both skipped under `skip`), or one on another node.
 */
async function checkAgainstPool(
  db: Db,
  {
    node,
    candidates,
    duplicates,
  }: {
    node: GatewayNodeRow;
    candidates: ImportCandidate[];
    duplicates: DuplicatePolicy;
  },
): Promise<CheckedCandidate[]> {
  const valid = candidates.filter((candidate) => candidate.ip);
  const pooled = new Map(
    (await findPooledAddresses(db, [...new Set(valid.map((candidate) => candidate.address))])).map(
      (row) => [row.address, row],
    ),
  );
  const firstLine = new Map<string, number>();
  return candidates.map((candidate): CheckedCandidate => {
    if (!candidate.ip) return { ...candidate, skipped: false };
    const problems = [...candidate.problems];
    let duplicate = false;
    const earlier = firstLine.get(candidate.address);
    const inPool = pooled.get(candidate.address);
    if (inPool && inPool.nodeId !== node.id) {
      problems.push({
        key: 'adminInventory.problem.onAnotherNode',
        params: { node: inPool.nodeName },
      });
    } else if (earlier !== undefined) {
      duplicate = true;
      if (duplicates === 'refuse') {
        problems.push({
          key: 'adminInventory.problem.duplicateInInput',
          params: { line: earlier },
        });
      }
    } else if (inPool) {
      duplicate = true;
      if (duplicates === 'refuse') {
        problems.push({
          key: 'adminInventory.problem.alreadyInPool',
          params: { status: inPool.status },
        });
      }
    }
    if (earlier === undefined) firstLine.set(candidate.address, candidate.line);
    return { ...candidate, problems, skipped: duplicate && problems.length === 0 };
  });
}

/** The candidates to write: valid, not skipped. */
function toWrite(candidates: CheckedCandidate[]): InventoryIp[] {
  return candidates.flatMap((candidate) =>
    candidate.ip && !candidate.skipped && candidate.problems.length === 0 ? [candidate.ip] : [],
  );
}

/** The regions of `ips` not yet in the catalog, as `JP/osaka`. */
async function missingRegions(db: Db, ips: InventoryIp[]): Promise<string[]> {
  const missing: string[] = [];
  for (const code of new Set(ips.map((ip) => regionCodeOf(ip.region)))) {
    const ip = ips.find((candidate) => regionCodeOf(candidate.region) === code)!;
    if (!(await findRegion(db, ip.region))) missing.push(code);
  }
  return missing;
}

/** Writes the addresses, creating their regions; answers what it inserted and created. */
async function writeAddresses(
  tx: Tx,
  { node, ips }: { node: GatewayNodeRow; ips: InventoryIp[] },
): Promise<{ inserted: string[]; regionsCreated: string[] }> {
  const regions = new Map<string, RegionRow>();
  const regionsCreated: string[] = [];
  const rows: NewIpAddress[] = [];
  for (const ip of ips) {
    const code = regionCodeOf(ip.region);
    let region = regions.get(code);
    if (!region) {
      const found = await findOrCreateRegion(tx, ip.region);
      region = found.region;
      regions.set(code, region);
      if (found.created) regionsCreated.push(code);
    }
    rows.push({
      nodeId: node.id,
      address: ip.address,
      port: ip.port,
      vmessPort: ip.vmessPort,
      regionId: region.id,
      lineType: ip.lineType,
    });
  }
  return { inserted: await insertNewIpAddresses(tx, rows), regionsCreated };
}

/** The API's answer: each row with its problems in `locale`, and the totals. */
export function toImportResult(outcome: ImportOutcome, locale: Locale): IpImportResult {
  const rows = outcome.candidates.map((candidate): IpImportRow => ({
    line: candidate.line,
    address: candidate.address,
    region: candidate.ip ? regionCodeOf(candidate.ip.region) : null,
    lineType: candidate.ip?.lineType ?? null,
    port: candidate.ip?.port ?? null,
    vmessPort: candidate.ip?.vmessPort ?? null,
    error: candidate.problems.length
      ? candidate.problems.map((problem) => describeProblem(problem, locale)).join('; ')
      : null,
  }));
  const errors = rows.filter((row) => row.error !== null).length;
  return {
    dryRun: outcome.dryRun,
    applied: outcome.applied,
    totals: {
      rows: rows.length,
      valid: rows.length - errors,
      errors,
      regionsCreated: outcome.regionsCreated,
    },
    rows,
  };
}

/**
 * Imports addresses into the node `nodeName`'s pool, as `available`.
 *
 * - Every line is read and checked (format, a repeat in the text, an address already in the
 *   pool or on another node) before anything is written; a dry run stops there and writes
 *   nothing, answering each line's fate and the regions the import would create.
 * - An apply is all-or-nothing: any line error is `ipImportHasErrors` (400, the rows at fault in
 *   `data`, worded in `locale`) and nothing is written. Otherwise one transaction creates the
 *   missing regions, inserts every address and records `ip.import` (`actor`; null only for the
 *   demo seed loading its own catalog, which is no operator's write).
 * - An address another import added between the check and the write is refused with the rest
 *   (`ipImportConflict`), or skipped under `duplicates: 'skip'`.
 *
 * Throws `ipImportNodeNotFound`, `ipImportRegionNotFound`, `ipImportEmpty`, `ipImportTooLarge`.
 */
export async function importIps({
  db,
  actor,
  nodeName,
  source,
  dryRun,
  duplicates = 'refuse',
  locale = 'en-US',
}: {
  db: Db;
  actor: StaffActor | null;
  nodeName: string;
  source: ImportSource;
  dryRun: boolean;
  duplicates?: DuplicatePolicy;
  /** The language of the line errors an apply refused with. */
  locale?: Locale;
}): Promise<ImportOutcome> {
  const node = await findGatewayNode({ db, name: nodeName });
  if (!node) throw new AppError('ipImportNodeNotFound', { node: nodeName });
  const read = await readCandidates(db, source);
  if (read.length === 0) throw new AppError('ipImportEmpty');
  if (read.length > IP_IMPORT_MAX_ADDRESSES) {
    throw new AppError('ipImportTooLarge', { max: IP_IMPORT_MAX_ADDRESSES });
  }
  const candidates = await checkAgainstPool(db, { node, candidates: read, duplicates });
  const outcome: ImportOutcome = {
    node: { id: node.id, name: node.name },
    dryRun,
    applied: false,
    candidates,
    imported: 0,
    skipped: candidates.filter((candidate) => candidate.skipped).length,
    regionsCreated: [],
  };
  const ips = toWrite(candidates);
  if (dryRun) return { ...outcome, regionsCreated: await missingRegions(db, ips) };

  const result = toImportResult(outcome, locale);
  if (result.totals.errors > 0) {
    throw new AppError(
      'ipImportHasErrors',
      { count: result.totals.errors },
      { totals: result.totals, rows: result.rows.filter((row) => row.error !== null) },
    );
  }
  return db.transaction(async (tx) => {
    const { inserted, regionsCreated } = await writeAddresses(tx, { node, ips });
    const raced = ips.length - inserted.length;
    if (raced > 0 && duplicates === 'refuse') throw new AppError('ipImportConflict');
    const skipped = outcome.skipped + raced;
    // An import that added nothing (all skipped) wrote nothing to record.
    if (actor && inserted.length > 0) {
      await recordAudit({
        tx,
        actor,
        action: 'ip.import',
        target: { type: 'node', id: node.id },
        changes: {
          imported: { before: null, after: inserted.length },
          ...(skipped ? { skipped: { before: null, after: skipped } } : {}),
          ...(regionsCreated.length
            ? { regionsCreated: { before: null, after: regionsCreated } }
            : {}),
        },
      });
    }
    return { ...outcome, applied: true, imported: inserted.length, skipped, regionsCreated };
  });
}
