import { describe, expect, it } from 'vitest';
import { emailSchema, passwordSchema } from './validation.ts';

describe('account field rules', () => {
  it('normalises emails to trimmed lower case', () => {
    expect(emailSchema.parse('  Alice@Example.COM ')).toBe('alice@example.com');
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
  });

  it('takes passwords of 8+ characters that are not only digits', () => {
    expect(passwordSchema.safeParse('abc12345').success).toBe(true);
    expect(passwordSchema.safeParse('abc1234').success).toBe(false);
    const digits = passwordSchema.safeParse('12345678');
    expect(digits.success).toBe(false);
    expect(digits.error?.issues[0]?.message).toBe('passwordDigitsOnly');
  });
});
