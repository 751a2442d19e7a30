// `npm run admin -- import-ips`: adds a CIDR block or a CSV file of IPs to a node's pool.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expandIpv4Cidr } from '../modules/inventory/addresses.ts';
import { readInventoryCsv } from '../modules/inventory/csv.ts';
import { validateInventoryIp, type InventoryIp } from '../modules/inventory/rows.ts';
import { importIpAddresses } from '../modules/inventory/service.ts';
import {
  type AdminContext,
  parseCommandArgs,
  REFUSED,
  requireNodeName,
  UsageError,
} from './command-args.ts';

const cidrFlags = {
  cidr: { type: 'string' },
  port: { type: 'string' },
  'vmess-port': { type: 'string' },
  country: { type: 'string' },
  'country-zh': { type: 'string' },
  'country-en': { type: 'string' },
  city: { type: 'string' },
  'city-zh': { type: 'string' },
  'city-en': { type: 'string' },
  line: { type: 'string' },
} as const;

/** Validation issues name the flag the operator typed. */
const flagOfField: Record<string, string> = {
  port: '--port',
  vmessPort: '--vmess-port',
  country: '--country',
  countryZh: '--country-zh',
  countryEn: '--country-en',
  city: '--city',
  cityZh: '--city-zh',
  cityEn: '--city-en',
  lineType: '--line',
};

function ipsFromFlags(values: Partial<Record<keyof typeof cidrFlags, string>>): InventoryIp[] {
  const expansion = expandIpv4Cidr(values.cidr ?? '');
  if (!expansion.ok) throw new UsageError(`--cidr: ${expansion.reason}`);
  const ips: InventoryIp[] = [];
  for (const address of expansion.addresses) {
    const validated = validateInventoryIp(
      {
        address,
        port: values.port,
        vmessPort: values['vmess-port'],
        region: {
          country: values.country,
          countryZh: values['country-zh'],
          countryEn: values['country-en'],
          city: values.city,
          cityZh: values['city-zh'],
          cityEn: values['city-en'],
        },
        lineType: values.line,
      },
      flagOfField,
    );
    // Every address shares the same flags: the first failure says all there is to say.
    if (!validated.ok) throw new UsageError(validated.problems.join('\n'));
    ips.push(validated.value);
  }
  return ips;
}

export async function importIps(args: string[], context: AdminContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    { ...cidrFlags, csv: { type: 'string' } },
    1,
  );
  const nodeName = requireNodeName(positionals[0]);
  const { csv, ...flags } = values;
  let ips: InventoryIp[];
  if (csv !== undefined) {
    if (Object.keys(flags).length) {
      throw new UsageError('Give either --csv or --cidr with its flags, not both.');
    }
    const file = path.resolve(context.workingDirectory ?? process.cwd(), csv);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      context.print(`Cannot read ${file}: ${(error as Error).message}\n`);
      return REFUSED;
    }
    const parsed = readInventoryCsv(text);
    if (parsed.problems.length) {
      context.print(
        `Nothing imported: ${file} has ${parsed.problems.length} problem(s):\n` +
          parsed.problems.map((problem) => `  ${problem}\n`).join(''),
      );
      return REFUSED;
    }
    ips = parsed.ips.map((row) => row.ip);
  } else if (flags.cidr !== undefined) {
    ips = ipsFromFlags(flags);
  } else {
    throw new UsageError('import-ips needs --cidr <block> (with its flags) or --csv <file>.');
  }
  const outcome = await importIpAddresses({ db: context.database.db, nodeName, ips });
  if (!outcome.ok) {
    context.print(`No node is named ${nodeName}. Add it first with add-node.\n`);
    return REFUSED;
  }
  const { imported, duplicates, regionsCreated } = outcome.report;
  context.print(
    `Imported ${imported} address(es) to ${nodeName}; skipped ${duplicates} already in the pool.\n`,
  );
  if (regionsCreated.length) context.print(`New regions: ${regionsCreated.join(', ')}.\n`);
  return 0;
}
