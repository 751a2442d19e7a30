import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale.ts';

describe('pickLocale', () => {
  it('defaults to zh-CN without a header or with an unsupported language', () => {
    expect(pickLocale(undefined)).toBe('zh-CN');
    expect(pickLocale('')).toBe('zh-CN');
    expect(pickLocale('fr-FR,de;q=0.8')).toBe('zh-CN');
  });

  it('maps any English or Chinese variant to the supported locale', () => {
    expect(pickLocale('en-US')).toBe('en-US');
    expect(pickLocale('en-GB')).toBe('en-US');
    expect(pickLocale('zh-TW')).toBe('zh-CN');
    expect(pickLocale('EN')).toBe('en-US');
  });

  it('follows q-weights, then the order given', () => {
    expect(pickLocale('zh-CN;q=0.5,en-US;q=0.9')).toBe('en-US');
    expect(pickLocale('fr,en;q=0.7,zh;q=0.7')).toBe('en-US');
    expect(pickLocale('en;q=0,zh')).toBe('zh-CN');
  });
});
