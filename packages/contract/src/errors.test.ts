import { describe, expect, it } from 'vitest';
import { errors, formatErrorMessage, type ErrorName } from './errors.ts';

describe('error catalogue', () => {
  const names = Object.keys(errors) as ErrorName[];

  it('gives every error a unique non-zero code and an HTTP error status', () => {
    const codes = names.map((name) => errors[name].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const name of names) {
      expect(errors[name].code).toBeGreaterThan(0);
      expect(errors[name].status).toBeGreaterThanOrEqual(400);
      expect(errors[name].status).toBeLessThan(600);
    }
  });

  it('has a message in both languages for every error, with the same placeholders', () => {
    for (const name of names) {
      const { message } = errors[name];
      const placeholders = (text: string) =>
        [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(message['zh-CN'].trim(), name).not.toBe('');
      expect(message['en-US'].trim(), name).not.toBe('');
      expect(placeholders(message['zh-CN']), name).toEqual(placeholders(message['en-US']));
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    // Literal path: only text placed into the message, no request.
    expect(formatErrorMessage('routeNotFound', 'en-US', { method: 'GET', path: '/api/x' })).toBe(
      'No such API endpoint: GET /api/x',
    );
    expect(formatErrorMessage('validationFailed', 'zh-CN', { field: 'email' })).toBe(
      '参数 email 不正确：{reason}',
    );
  });
});
