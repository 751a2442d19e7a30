import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refuseUnknownKeys } from './strict-input.ts';

const unknownKeysOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.code === 'unrecognized_keys')
    .map((issue) => [...issue.path, ...(issue as { keys: string[] }).keys].join('.'));
};

describe('refuseUnknownKeys', () => {
  it('refuses unknown keys at the top and in nested objects, arrays, unions and pipes', () => {
    const schema = refuseUnknownKeys(
      z.object({
        name: z.string().optional(),
        prices: z.array(z.object({ days: z.number() })).optional(),
        target: z.union([z.object({ ip: z.string() }), z.object({ host: z.string() })]).nullable(),
        count: z.object({ value: z.string() }).pipe(z.transform((input) => Number(input.value))),
      }),
    );
    const good = { target: null, count: { value: '3' } };
    expect(schema.parse(good)).toEqual({ target: null, count: 3 });
    expect(unknownKeysOf(schema, { ...good, visible: false })).toEqual(['visible']);
    expect(unknownKeysOf(schema, { ...good, prices: [{ days: 30, currency: 'CNY' }] })).toEqual([
      'prices.0.currency',
    ]);
    expect(unknownKeysOf(schema, { ...good, count: { value: '1', unit: 'x' } })).toEqual([
      'count.unit',
    ]);
    expect(schema.safeParse({ ...good, target: { ip: '1.2.3.4', port: 1 } }).success).toBe(false);
  });

  it('keeps refinements, defaults, descriptions and objects that say their other keys are welcome', () => {
    const base = z
      .object({ from: z.number(), to: z.number(), page: z.number().default(1) })
      .refine((range) => range.from <= range.to, { message: 'backwards' })
      .describe('a range');
    const schema = refuseUnknownKeys(base);
    expect(schema.parse({ from: 1, to: 2 })).toEqual({ from: 1, to: 2, page: 1 });
    expect(schema.safeParse({ from: 3, to: 2 }).error?.issues[0]?.message).toBe('backwards');
    expect(schema.description).toBe('a range');
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ additionalProperties: false });

    const loose = refuseUnknownKeys(z.looseObject({ format: z.string().optional() }));
    expect(loose.parse({ format: 'clash', flag: 'meta' })).toEqual({
      format: 'clash',
      flag: 'meta',
    });
    const record = refuseUnknownKeys(z.record(z.string(), z.string()));
    expect(record.parse({ anything: 'goes' })).toEqual({ anything: 'goes' });
  });
});
