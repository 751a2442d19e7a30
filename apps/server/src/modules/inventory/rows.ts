// What one imported IP is, validated the same way whether it came from CLI flags or a CSV row.
import { lineTypes, type LineType } from '@stratus/contract';
import { z } from 'zod';
import { normaliseIpAddress } from './addresses.ts';

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

const portSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .pipe(
    z.coerce
      .number<string>({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be between 1 and 65535' })
      .max(65535, { error: 'must be between 1 and 65535' }),
  );

const nameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(100);

export const regionSpecSchema = z.object({
  country: z
    .string({ error: 'is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code such as JP' }),
  countryZh: nameSchema,
  countryEn: nameSchema,
  city: z
    .string({ error: 'is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      error: 'must be a lower-case slug such as tokyo or los-angeles',
    }),
  cityZh: nameSchema,
  cityEn: nameSchema,
});

export const lineTypeOptionSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(lineTypes, { error: `must be one of ${lineTypes.join(', ')}` }));

const inventoryIpSchema = z.object({
  address: z.string().transform((text, context) => {
    const address = normaliseIpAddress(text);
    if (address === undefined) {
      context.addIssue({ code: 'custom', message: `"${text}" is not an IP address` });
      return z.NEVER;
    }
    return address;
  }),
  port: portSchema,
  vmessPort: portSchema,
  region: regionSpecSchema,
  lineType: lineTypeOptionSchema,
});

export type Validated<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/**
 * One line per issue, `port: must be between 1 and 65535`, the field named as the person typed it
 * (`fieldNames` maps `vmessPort` to `vmess_port` for a CSV, to `--vmess-port` for flags).
 */
export function describeIssues(
  error: z.ZodError,
  fieldNames: Record<string, string> = {},
): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.at(-1);
    if (field === undefined) return issue.message;
    return `${fieldNames[String(field)] ?? String(field)}: ${issue.message}`;
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
    : { ok: false, problems: describeIssues(parsed.error, fieldNames) };
}
