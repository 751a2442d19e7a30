// `npm run admin -- set-traffic-plan` and `list-traffic-plans`: the traffic plans on sale, through
// the catalog service the operator console uses (writes audited as the CLI).
import { parseArgs } from 'node:util';
import { MAX_DURATION_DAYS, yuanToFen } from '@stratus/contract';
import { z } from 'zod';
import { formatFen, parseYuanText } from '../money-text.ts';
import { CLI_ACTOR } from '../modules/audit/public.ts';
import {
  listTrafficPlans as listAllTrafficPlans,
  saveTrafficPlanBySize,
} from '../modules/catalog/public.ts';
import { describeIssues } from '../modules/inventory/public.ts';
import { type AdminContext, UsageError } from './command-args.ts';
import { padTable } from './price-commands.ts';

export const trafficUsage = `  npm run admin -- set-traffic-plan --gb <10> --days <30> --price <120.00> [--inactive]
      Creates the traffic plan of that size and validity, or sets its price in yuan per package;
      --inactive takes it off sale (packages already bought are unaffected), leaving it out puts
      it on sale.
  npm run admin -- list-traffic-plans
      Every traffic plan with its price, price per GB and whether it is on sale.
`;

function wholeNumber(label: string, max: number) {
  const range = `must be between 1 and ${max}`;
  return z.coerce
    .number({ error: 'must be a number' })
    .int({ error: `must be a whole number of ${label}` })
    .min(1, { error: range })
    .max(max, { error: range });
}

const setTrafficPlanSchema = z.object({
  gb: wholeNumber('GB', 100_000),
  days: wholeNumber('days', MAX_DURATION_DAYS),
  price: z.string().transform((text, issue) => {
    const fen = parseYuanText(text.trim());
    if (fen === undefined || fen === 0n) {
      issue.addIssue({
        code: 'custom',
        message: 'must be a yuan amount above 0 with at most two decimals, e.g. 120.00',
      });
      return z.NEVER;
    }
    return fen;
  }),
});

/** Strict parsing: unknown options and stray arguments are bad usage. */
function parseTrafficArgs<Options extends Record<string, { type: 'string' | 'boolean' }>>(
  args: string[],
  options: Options,
) {
  try {
    return parseArgs({ args, options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export async function setTrafficPlan(args: string[], context: AdminContext): Promise<number> {
  const values = parseTrafficArgs(args, {
    gb: { type: 'string' },
    days: { type: 'string' },
    price: { type: 'string' },
    inactive: { type: 'boolean' },
  });
  const missing = (['gb', 'days', 'price'] as const).filter((name) => !values[name]?.trim());
  if (missing.length) {
    throw new UsageError(`Missing ${missing.map((name) => `--${name}`).join(', ')}.`);
  }
  const parsed = setTrafficPlanSchema.safeParse(values);
  if (!parsed.success) {
    throw new UsageError(
      describeIssues(parsed.error, { gb: '--gb', days: '--days', price: '--price' }).join('\n'),
    );
  }
  const { gb, days, price } = parsed.data;
  const active = values.inactive !== true;
  const { plan, previous } = await saveTrafficPlanBySize({
    db: context.database.db,
    actor: CLI_ACTOR,
    gb,
    validityDays: days,
    priceFen: price,
    active,
  });
  const name = `${plan.gb} GB / ${plan.validityDays} days`;
  const state = active ? 'on sale' : 'not on sale';
  if (!previous) {
    context.print(`Created traffic plan ${name}: ¥${formatFen(price)} per package, ${state}.\n`);
  } else {
    const was = `was ¥${formatFen(previous.priceFen)}, ${previous.active ? 'on sale' : 'not on sale'}`;
    context.print(`Traffic plan ${name}: ¥${formatFen(price)} per package, ${state} (${was}).\n`);
  }
  return 0;
}

export async function listTrafficPlans(args: string[], context: AdminContext): Promise<number> {
  parseTrafficArgs(args, {});
  const plans = await listAllTrafficPlans({ db: context.database.db });
  if (plans.length === 0) {
    context.print('There are no traffic plans. Add one with set-traffic-plan.\n');
    return 0;
  }
  const rows = plans.map((plan) => [
    `${plan.gb} GB`,
    `${plan.validityDays} days`,
    `¥${formatFen(yuanToFen(plan.price))}`,
    `¥${formatFen(yuanToFen(plan.pricePerGb))}/GB`,
    plan.active ? 'on sale' : 'inactive',
    plan.id,
  ]);
  context.print(padTable([['size', 'validity', 'price', 'per GB', 'status', 'id'], ...rows]));
  return 0;
}

export const trafficCommands: Record<
  string,
  (args: string[], context: AdminContext) => Promise<number>
> = {
  'set-traffic-plan': setTrafficPlan,
  'list-traffic-plans': listTrafficPlans,
};
