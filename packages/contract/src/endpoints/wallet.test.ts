import { describe, expect, it } from 'vitest';
import { formatTopUpNote, parseTopUpNote } from './wallet.ts';

describe('top-up ledger notes', () => {
  it('are codes that read back as they were written', () => {
    expect(formatTopUpNote('alipay', false)).toBe('alipay');
    expect(formatTopUpNote('alipay', true)).toBe('alipay:credited-after-close');
    for (const channel of ['alipay', 'sandbox'] as const) {
      for (const creditedAfterClose of [false, true]) {
        expect(parseTopUpNote(formatTopUpNote(channel, creditedAfterClose))).toEqual({
          channel,
          creditedAfterClose,
        });
      }
    }
  });

  it('leave any other text alone', () => {
    for (const note of ['', 'paypal', 'alipay:other', 'alipay:credited-after-close:x', '充值']) {
      expect(parseTopUpNote(note)).toBeUndefined();
    }
  });
});
