// What one imported IP is, validated the same way whether it came from CLI flags, a CSV row or
// pasted ranges.
import { lineTypes, translate, type LineType } from '@stratus/contract';
import { z } from 'zod';
import { normaliseIpAddress } from './addresses.ts';
import { isProblemKey, type ImportProblem, type ProblemKey } from './problems.ts';

/** A region as the catalog names it: country code and city slug, with zh/en display names. */
export interface RegionSpec {
  /** ISO 3166-1 alpha-2, upper case: `JP`. */
  country: string;
  countryZh: string;
  countryEn: string;
  /** Lower-case slug: `tokyo`, `los-angeles`. */
  city: string;
  cityZh: string;
  cityEn: string;
}

export interface InventoryIp {
  address: string;
  /** HTTP and SOCKS5 port. */
  port: number;
  vmessPort: number;
  region: RegionSpec;
  lineType: LineType;
}

/** One address an import read (or one line it could not read), in the order of the text. */
export interface ImportCandidate {
  /** 1-based line of the text. */
  line: number;
  /** The address (normalised when valid), or what the line held when no address could be read. */
  address: string;
  /** Set when the line is valid. */
  ip?: InventoryIp;
  problems: ImportProblem[];
}

/** `JP/tokyo`: how lists, filters and reports name a region. */
export function regionCodeOf(region: { country: string; city: string }): string {
  return `${region.country}/${region.city}`;
}

// Messages are catalogue keys (`adminInventory.problem.*`), worded by `describeProblem`; the
// values some of them need are in `problemParams`.
const NAME_MAX_LENGTH = 100;
const problemParams: Partial<Record<ProblemKey, Record<string, string | number>>> = {
  'adminInventory.problem.oneOf': { values: lineTypes.join(', ') },
  'adminInventory.problem.tooLong': { max: NAME_MAX_LENGTH },
};
const required = { error: 'adminInventory.problem.required' } as const;

const portSchema = z
  .string(required)
  .trim()
  .min(1, required)
  .pipe(
    z.coerce
      .number<string>({ error: 'adminInventory.problem.notANumber' })
      .int({ error: 'adminInventory.problem.notWhole' })
      .min(1, { error: 'adminInventory.problem.portRange' })
      .max(65535, { error: 'adminInventory.problem.portRange' }),
  );

const nameSchema = z
  .string(required)
  .trim()
  .min(1, required)
  .max(NAME_MAX_LENGTH, { error: 'adminInventory.problem.tooLong' });

export const regionSpecSchema = z.object({
  country: z
    .string(required)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'adminInventory.problem.countryCode' }),
  countryZh: nameSchema,
  countryEn: nameSchema,
  city: z
    .string(required)
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'adminInventory.problem.citySlug' }),
  cityZh: nameSchema,
  cityEn: nameSchema,
});

export const lineTypeOptionSchema = z
  .string(required)
  .trim()
  .toLowerCase()
  .pipe(z.enum(lineTypes, { error: 'adminInventory.problem.oneOf' }));

const inventoryIpSchema = z.object({
  address: z.string(required).transform((text, context) => {
    const address = normaliseIpAddress(text);
    if (address === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'adminInventory.problem.notAnAddress',
        params: { text },
      });
      return z.NEVER;
    }
    return address;
  }),
  port: portSchema,
  vmessPort: portSchema,
  region: regionSpecSchema,
  lineType: lineTypeOptionSchema,
});

export type Validated<T> = { ok: true; value: T } | { ok: false; problems: ImportProblem[] };

/** The zod issues as problems, each naming its field as the person wrote it. */
export function issuesToProblems(
  error: z.ZodError,
  fieldNames: Record<string, string> = {},
): ImportProblem[] {
  return error.issues.map((issue) => {
    const field = issue.path.at(-1);
    const key = isProblemKey(issue.message) ? issue.message : undefined;
    const params =
      issue.code === 'custom' ? (issue.params as Record<string, string> | undefined) : undefined;
    const problem: ImportProblem = key
      ? { key, params: { ...problemParams[key], ...params } }
      : { key: 'adminInventory.problem.csvUnreadable', params: { detail: issue.message } };
    if (field !== undefined) problem.field = fieldNames[String(field)] ?? String(field);
    return problem;
  });
}

/**
 * One line per issue in English, `port: must be between 1 and 65535`, the field named as the
 * person typed it (`fieldNames` maps `vmessPort` to `--vmess-port` for flags). Messages that are
 * no catalogue key (the price and traffic commands' own) read as written.
 */
export function describeIssues(
  error: z.ZodError,
  fieldNames: Record<string, string> = {},
): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.at(-1);
    const message = isProblemKey(issue.message)
      ? translate('en-US', issue.message, problemParams[issue.message] ?? {})
      : issue.message;
    if (field === undefined) return message;
    return `${fieldNames[String(field)] ?? String(field)}: ${message}`;
  });
}

export function validateInventoryIp(
  input: {
    address: unknown;
    port: unknown;
    vmessPort: unknown;
    region: Record<keyof RegionSpec, unknown>;
    lineType: unknown;
  },
  fieldNames: Record<string, string> = {},
): Validated<InventoryIp> {
  const parsed = inventoryIpSchema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problems: issuesToProblems(parsed.error, fieldNames) };
}
