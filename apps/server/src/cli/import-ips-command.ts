// `npm run admin -- import-ips`: adds a CIDR block or a CSV file of IPs to a node's pool, through
// the same import service as the operator console's (audited as the command line).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatErrorMessage, type IpImportRow } from '@stratus/contract';
import { AppError } from '../errors.ts';
import { CLI_ACTOR } from '../modules/audit/public.ts';
import {
  expandIpv4Cidr,
  importIps,
  type ImportSource,
  describeProblem,
  validateInventoryIp,
} from '../modules/inventory/public.ts';
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

/** The block and what every address of it gets, checked as flags (bad ones are bad usage). */
function rangeFromFlags(values: Partial<Record<keyof typeof cidrFlags, string>>): ImportSource {
  const cidr = values.cidr ?? '';
  const expansion = expandIpv4Cidr(cidr);
  if (!expansion.ok) {
    throw new UsageError(`--cidr: ${describeProblem(expansion.problem, 'en-US')}`);
  }
  // Every address shares the flags: checking them with the first says all there is to say.
  const validated = validateInventoryIp(
    {
      address: expansion.addresses[0],
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
  if (!validated.ok) {
    throw new UsageError(
      validated.problems.map((problem) => describeProblem(problem, 'en-US')).join('\n'),
    );
  }
  const { region, lineType, port, vmessPort } = validated.value;
  return { format: 'ranges', text: cidr, defaults: { region, lineType, port, vmessPort } };
}

async function csvFromFile(
  csv: string,
  context: AdminContext,
): Promise<ImportSource | { unreadable: string }> {
  const file = path.resolve(context.workingDirectory ?? process.cwd(), csv);
  try {
    return { format: 'csv', text: await readFile(file, 'utf8') };
  } catch (error) {
    return { unreadable: `Cannot read ${file}: ${(error as Error).message}\n` };
  }
}

/** Why the service refused, as the person at the terminal reads it. */
function describeRefusal(error: AppError, nodeName: string): string {
  switch (error.kind) {
    case 'ipImportNodeNotFound':
      return `No node is named ${nodeName}. Add it first with add-node.\n`;
    case 'ipImportHasErrors': {
      const { rows } = error.details as { rows: IpImportRow[] };
      return (
        `Nothing imported: ${rows.length} problem(s):\n` +
        rows.map((row) => `  line ${row.line}: ${row.error}\n`).join('')
      );
    }
    default:
      return `Nothing imported: ${formatErrorMessage(error.kind, 'en-US', error.params)}\n`;
  }
}

export async function importIpsCommand(args: string[], context: AdminContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    { ...cidrFlags, csv: { type: 'string' } },
    1,
  );
  const nodeName = requireNodeName(positionals[0]);
  const { csv, ...flags } = values;
  let source: ImportSource;
  if (csv !== undefined) {
    if (Object.keys(flags).length) {
      throw new UsageError('Give either --csv or --cidr with its flags, not both.');
    }
    const read = await csvFromFile(csv, context);
    if ('unreadable' in read) {
      context.print(read.unreadable);
      return REFUSED;
    }
    source = read;
  } else if (flags.cidr !== undefined) {
    source = rangeFromFlags(flags);
  } else {
    throw new UsageError('import-ips needs --cidr <block> (with its flags) or --csv <file>.');
  }
  let outcome;
  try {
    // Addresses already in this node's pool, or repeated, are skipped: re-running an import
    // after adding rows to the file adds only the new ones.
    outcome = await importIps({
      db: context.database.db,
      actor: CLI_ACTOR,
      nodeName,
      source,
      dryRun: false,
      duplicates: 'skip',
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.print(describeRefusal(error, nodeName));
    return REFUSED;
  }
  const { imported, skipped, regionsCreated } = outcome;
  context.print(
    `Imported ${imported} address(es) to ${nodeName}; skipped ${skipped} already in the pool.\n`,
  );
  if (regionsCreated.length) context.print(`New regions: ${regionsCreated.join(', ')}.\n`);
  return 0;
}
