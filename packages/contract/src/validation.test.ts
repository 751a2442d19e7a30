import { describe, expect, it } from 'vitest';
import {
  byteCountSchema,
  emailSchema,
  INT4_MAX,
  int4Schema,
  passwordSchema,
  plainTextSchema,
  queryInt4Schema,
  singleLineTextSchema,
} from './validation.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('account field rules', () => {
  it('normalises emails to trimmed lower case', () => {
    expect(emailSchema.parse('  Alice@Example.COM ')).toBe('alice@example.com');
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
    expect(emailSchema.safeParse('a\u0000b@example.com').success).toBe(false);
  });

  it('takes passwords of 8+ characters that are not only digits', () => {
    expect(passwordSchema.safeParse('abc12345').success).toBe(true);
    expect(passwordSchema.safeParse('abc1234').success).toBe(false);
    const digits = passwordSchema.safeParse('12345678');
    expect(digits.success).toBe(false);
    expect(digits.error?.issues[0]?.message).toBe('passwordDigitsOnly');
    expect(firstMessage(passwordSchema.safeParse('abc\u000012345'))).toBe('noNulCharacter');
  });
});

describe('bounded integers', () => {
  it('fit a PostgreSQL integer column', () => {
    const days = int4Schema(1);
    expect(days.safeParse(INT4_MAX).success).toBe(true);
    expect(days.safeParse(2 ** 31).success).toBe(false);
    expect(days.safeParse(0).success).toBe(false);
    expect(days.safeParse(1.5).success).toBe(false);
    expect(int4Schema(1, 100).safeParse(101).success).toBe(false);
  });

  it('coerce query strings, refusing what is not a bounded integer', () => {
    const page = queryInt4Schema(1);
    expect(page.parse('42')).toBe(42);
    for (const text of ['2147483648', 'Infinity', 'NaN', '1e400', '-1', '1.5', 'abc']) {
      expect(page.safeParse(text).success).toBe(false);
    }
  });

  it('keep byte counts within exact JSON integers', () => {
    expect(byteCountSchema().safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true);
    expect(byteCountSchema().safeParse(2 ** 53).success).toBe(false);
    expect(byteCountSchema(2 ** 50).safeParse(2 ** 50 + 1).success).toBe(false);
    expect(byteCountSchema().safeParse(-1).success).toBe(false);
  });

  it('refuse bounds beyond their column', () => {
    expect(() => int4Schema(0, 2 ** 31)).toThrow(RangeError);
    expect(() => queryInt4Schema(5, 1)).toThrow(RangeError);
    expect(() => byteCountSchema(2 ** 53)).toThrow(RangeError);
  });
});

describe('bounded text', () => {
  it('never holds NUL, which PostgreSQL text cannot store', () => {
    const text = plainTextSchema({ max: 10 });
    expect(text.parse('two\nlines')).toBe('two\nlines');
    expect(firstMessage(text.safeParse('a\u0000b'))).toBe('noNulCharacter');
    expect(text.safeParse('x'.repeat(11)).success).toBe(false);
  });

  it('keeps single-line fields free of every control character', () => {
    const line = singleLineTextSchema({ max: 20 });
    expect(line.parse('  Tokyo 东京 #1  ')).toBe('Tokyo 东京 #1');
    for (const bad of [
      'a\u0000b',
      'a\nb',
      'a\tb',
      '\u001b[31mred',
      'a\u007fb',
      'a\u0085b',
      'a\u2028b',
    ]) {
      expect(firstMessage(line.safeParse(bad))).toBe('singleLine');
    }
  });

  it('refuses a blank value when one is required', () => {
    const required = singleLineTextSchema({ min: 1, max: 20 });
    expect(required.safeParse('   ').success).toBe(false);
    expect(required.parse(' key ')).toBe('key');
  });
});
