import { describe, expect, it } from 'vitest';
import enUS from './catalogue-en-US.ts';
import zhCN from './catalogue-zh-CN.ts';
import { messages } from './index.ts';

describe('per-language catalogues', () => {
  it('hold exactly the messages of the domain table, one language each', () => {
    expect(zhCN).toEqual(messages['zh-CN']);
    expect(enUS).toEqual(messages['en-US']);
    expect(zhCN['nav.overview']).not.toBe(enUS['nav.overview']);
  });
});
