// `npm run admin -- set-price` and `list-inventory`: plan prices and what the pool holds.
// set-price goes through the catalog service the operator console uses, audited as the CLI.
import {
  ipAddressStatuses,
  MAX_DURATION_DAYS,
  proxyProtocols,
  type ProxyProtocol,
} from '@stratus/contract';
import { z } from 'zod';
import { formatFen, parseYuanText } from '../money-text.ts';
import {
  describeIssues,
  lineTypeOptionSchema,
  regionSpecSchema,
  summariseInventory,
} from '../modules/inventory/public.ts';
import { CLI_ACTOR } from '../modules/audit/public.ts';
import { setPlanPrice } from '../modules/catalog/public.ts';
import { type AdminContext, parseCommandArgs, REFUSED, UsageError } from './command-args.ts';

const setPriceSchema = z.object({
  country: regionSpecSchema.shape.country,
  city: regionSpecSchema.shape.city,
  line: lineTypeOptionSchema,
  days: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: `must be between 1 and ${MAX_DURATION_DAYS}` })
    .max(MAX_DURATION_DAYS, { error: `must be between 1 and ${MAX_DURATION_DAYS}` }),
  price: z.string().transform((text, issue) => {
    const fen = parseYuanText(text.trim());
    if (fen === undefined || fen === 0n) {
      issue.addIssue({
        code: 'custom',
        message: 'must be a yuan amount above 0 with at most two decimals, e.g. 35.00',
      });
      return z.NEVER;
    }
    return fen;
  }),
  protocols: z
    .string()
    .default(proxyProtocols.join(','))
    .transform((text, issue) => {
      const names = [...new Set(text.split(',').map((name) => name.trim().toLowerCase()))];
      const unknown = names.filter((name) => !(proxyProtocols as readonly string[]).includes(name));
      if (unknown.length || names.length === 0) {
        issue.addIssue({
          code: 'custom',
          message: `must be a comma-separated list of ${proxyProtocols.join(', ')}`,
        });
        return z.NEVER;
      }
      return names as ProxyProtocol[];
    }),
});

export async function setPrice(args: string[], context: AdminContext): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    {
      country: { type: 'string' },
      city: { type: 'string' },
      line: { type: 'string' },
      days: { type: 'string' },
      price: { type: 'string' },
      protocols: { type: 'string' },
    },
    0,
  );
  const parsed = setPriceSchema.safeParse({
    ...values,
    country: values.country ?? '',
    city: values.city ?? '',
    line: values.line ?? '',
    days: values.days ?? '',
    price: values.price ?? '',
  });
  if (!parsed.success) {
    const fieldNames = Object.fromEntries(
      Object.keys(setPriceSchema.shape).map((key) => [key, `--${key}`]),
    );
    throw new UsageError(describeIssues(parsed.error, fieldNames).join('\n'));
  }
  const { country, city, line, days, price, protocols } = parsed.data;
  const outcome = await setPlanPrice({
    db: context.database.db,
    actor: CLI_ACTOR,
    country,
    city,
    lineType: line,
    durationDays: days,
    priceFen: price,
    protocols,
  });
  if (!outcome.ok) {
    context.print(
      `No region ${country}/${city}. Add it under Regions (地区) in the operator console ` +
        '(/admin/catalog/regions) or import its IPs first (import-ips creates the region).\n',
    );
    return REFUSED;
  }
  const plan = `${country}/${city} ${line}`;
  if (outcome.planCreated) context.print(`Created plan ${plan} (${protocols.join(', ')}).\n`);
  const was =
    outcome.previousPriceFen === undefined ? '' : ` (was ¥${formatFen(outcome.previousPriceFen)})`;
  context.print(`${plan}: ${days} days ¥${formatFen(price)} per IP${was}.\n`);
  return 0;
}

/** Rows as left-aligned columns, two spaces apart. */
export function padTable(rows: string[][]): string {
  const widths = rows[0]?.map((_cell, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

export async function listInventory(args: string[], context: AdminContext): Promise<number> {
  parseCommandArgs(args, {}, 0);
  const lines = await summariseInventory({ db: context.database.db });
  if (lines.length === 0) {
    context.print('The inventory is empty. Add a node (add-node), then import IPs (import-ips).\n');
    return 0;
  }
  const header = ['region', 'city', 'line', ...ipAddressStatuses];
  const rows = lines.map((line) => [
    line.region,
    line.cityName,
    line.lineType,
    ...ipAddressStatuses.map((status) => String(line.counts[status] ?? 0)),
    line.plan === 'none'
      ? 'no plan'
      : `${line.plan === 'inactive' ? '(inactive) ' : ''}${
          line.prices
            .map((price) => `${price.durationDays}d ¥${formatFen(price.priceFen)}`)
            .join(', ') || 'no prices'
        }`,
  ]);
  context.print(padTable([[...header, 'prices'], ...rows]));
  return 0;
}
