import { describe, expect, it } from 'vitest';
import { formatTopUpNote, ledgerEntryTypes } from './endpoints/wallet.ts';
import {
  AUTO_RENEW_NOTE,
  describeLedgerNote,
  describeLedgerType,
  formatTrafficPurchaseNote,
  parseLedgerNote,
} from './ledger-labels.ts';
import { locales } from './locale.ts';
import { sharedMessages, translate, translatorFor } from './messages.ts';

describe('the shared catalogue', () => {
  it('has every key in both languages, each with the same placeholders', () => {
    const zhKeys = Object.keys(sharedMessages['zh-CN']).toSorted();
    expect(Object.keys(sharedMessages['en-US']).toSorted()).toEqual(zhKeys);
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
    for (const key of zhKeys as (keyof (typeof sharedMessages)['zh-CN'])[]) {
      expect(placeholders(sharedMessages['en-US'][key]).toSorted(), key).toEqual(
        placeholders(sharedMessages['zh-CN'][key]).toSorted(),
      );
      expect(sharedMessages['en-US'][key].trim(), key).not.toBe('');
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('zh-CN', 'validation.reason.tooShort', { minimum: 8 })).toBe(
      '不能少于 8 个字符',
    );
    expect(translate('en-US', 'validation.reason.tooShort')).toBe(
      'must be at least {{minimum}} characters',
    );
  });
});

describe('ledger labels', () => {
  it('word every type in both languages, the seed’s titles in Chinese', () => {
    const zh = translatorFor('zh-CN');
    expect(ledgerEntryTypes.map((type) => describeLedgerType(type, zh))).toEqual([
      '充值',
      '静态IP购买',
      '续费',
      '流量购买',
      '退款',
      '调整',
    ]);
    for (const locale of locales) {
      const labels = ledgerEntryTypes.map((type) =>
        describeLedgerType(type, translatorFor(locale)),
      );
      expect(new Set(labels).size).toBe(ledgerEntryTypes.length);
    }
  });

  it('read note codes only on the type that writes them', () => {
    expect(parseLedgerNote('topup', 'alipay:credited-after-close')).toEqual({
      kind: 'topUp',
      channel: 'alipay',
      creditedAfterClose: true,
    });
    expect(parseLedgerNote('renewal', AUTO_RENEW_NOTE)).toEqual({ kind: 'autoRenewal' });
    const traffic = formatTrafficPurchaseNote({ gb: 10, quantity: 2, validityDays: 30 });
    expect(traffic).toBe('traffic:10x2:30d');
    expect(parseLedgerNote('traffic_purchase', traffic)).toEqual({
      kind: 'trafficPurchase',
      gb: 10,
      quantity: 2,
      validityDays: 30,
    });
    // An operator's reason that happens to look like a code stays what it says.
    expect(parseLedgerNote('adjustment', 'alipay')).toEqual({ kind: 'text', text: 'alipay' });
    expect(parseLedgerNote('topup', AUTO_RENEW_NOTE)).toEqual({ kind: 'text', text: 'auto-renew' });
    expect(parseLedgerNote('renewal', '')).toEqual({ kind: 'empty' });
  });

  it('word notes in the reader’s language', () => {
    const zh = translatorFor('zh-CN');
    const en = translatorFor('en-US');
    const sandbox = { type: 'topup', note: formatTopUpNote('sandbox', false) } as const;
    expect(describeLedgerNote(sandbox, zh)).toBe('沙箱支付');
    expect(describeLedgerNote(sandbox, en)).toBe('Sandbox');
    const late = { type: 'topup', note: formatTopUpNote('alipay', true) } as const;
    expect(describeLedgerNote(late, zh)).toBe('支付宝（支付单关闭后付款，已入账）');
    const traffic = {
      type: 'traffic_purchase',
      note: formatTrafficPurchaseNote({ gb: 10, quantity: 2, validityDays: 30 }),
    } as const;
    expect(describeLedgerNote(traffic, zh)).toBe('10 GB × 2 = 20 GB，有效期 30 天');
    expect(describeLedgerNote(traffic, en)).toBe('10 GB × 2 = 20 GB, valid for 30 days');
    // Rows written before notes were codes read the same.
    const legacy = {
      type: 'traffic_purchase',
      note: 'traffic 10 GB × 2 = 20 GB, 30 days',
    } as const;
    expect(describeLedgerNote(legacy, zh)).toBe('10 GB × 2 = 20 GB，有效期 30 天');
    expect(describeLedgerNote({ type: 'renewal', note: AUTO_RENEW_NOTE }, zh)).toBe('自动续费');
    expect(describeLedgerNote({ type: 'refund', note: '' }, en)).toBe('');
    expect(describeLedgerNote({ type: 'adjustment', note: 'goodwill' }, zh)).toBe('goodwill');
    // A refund's note is the operator's reason, shown as written in either language, even one
    // that reads like another type's code.
    for (const reason of [
      'IP 无法连接，退还剩余金额',
      AUTO_RENEW_NOTE,
      'traffic:10x2:30d',
      'alipay',
    ]) {
      expect(describeLedgerNote({ type: 'refund', note: reason }, zh)).toBe(reason);
      expect(describeLedgerNote({ type: 'refund', note: reason }, en)).toBe(reason);
    }
  });
});
