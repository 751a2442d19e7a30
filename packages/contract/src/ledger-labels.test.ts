import { describe, expect, it } from 'vitest';
import { formatTopUpNote, ledgerEntryTypes, type LedgerPurchase } from './endpoints/wallet.ts';
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
    expect(describeLedgerNote(sandbox, zh, 'zh-CN')).toBe('沙箱支付');
    expect(describeLedgerNote(sandbox, en, 'en-US')).toBe('Sandbox');
    const late = { type: 'topup', note: formatTopUpNote('alipay', true) } as const;
    expect(describeLedgerNote(late, zh, 'zh-CN')).toBe('支付宝（支付单关闭后付款，已入账）');
    const traffic = {
      type: 'traffic_purchase',
      note: formatTrafficPurchaseNote({ gb: 10, quantity: 2, validityDays: 30 }),
    } as const;
    expect(describeLedgerNote(traffic, zh, 'zh-CN')).toBe('10 GB × 2 = 20 GB，有效期 30 天');
    expect(describeLedgerNote(traffic, en, 'en-US')).toBe('10 GB × 2 = 20 GB, valid for 30 days');
    // Rows written before notes were codes read the same.
    const legacy = {
      type: 'traffic_purchase',
      note: 'traffic 10 GB × 2 = 20 GB, 30 days',
    } as const;
    expect(describeLedgerNote(legacy, zh, 'zh-CN')).toBe('10 GB × 2 = 20 GB，有效期 30 天');
    expect(describeLedgerNote({ type: 'renewal', note: AUTO_RENEW_NOTE }, zh, 'zh-CN')).toBe(
      '自动续费',
    );
    expect(describeLedgerNote({ type: 'refund', note: '' }, en, 'en-US')).toBe('');
    expect(describeLedgerNote({ type: 'adjustment', note: 'goodwill' }, zh, 'zh-CN')).toBe(
      'goodwill',
    );
    // A refund's note is the operator's reason, shown as written in either language, even one
    // that reads like another type's code.
    for (const reason of [
      'IP 无法连接，退还剩余金额',
      AUTO_RENEW_NOTE,
      'traffic:10x2:30d',
      'alipay',
    ]) {
      expect(describeLedgerNote({ type: 'refund', note: reason }, zh, 'zh-CN')).toBe(reason);
      expect(describeLedgerNote({ type: 'refund', note: reason }, en, 'en-US')).toBe(reason);
    }
  });

  it('say what a static-IP purchase or renewal bought, from its order', () => {
    const zh = translatorFor('zh-CN');
    const en = translatorFor('en-US');
    const purchase: LedgerPurchase = {
      countryNameZh: '日本',
      countryNameEn: 'Japan',
      cityNameZh: '东京',
      cityNameEn: 'Tokyo',
      lineType: 'isp_residential',
      quantity: 2,
      durationDays: 30,
      ips: [],
    };
    const bought = { type: 'static_ip_purchase' as const, note: '', purchase };
    expect(describeLedgerNote(bought, zh, 'zh-CN')).toBe('日本 东京 · ISP住宅 × 2，30 天');
    expect(describeLedgerNote(bought, en, 'en-US')).toBe(
      'Tokyo, Japan · ISP residential × 2, 30 days',
    );
    const renewed = {
      type: 'renewal' as const,
      note: AUTO_RENEW_NOTE,
      purchase: { ...purchase, quantity: 1, ips: ['203.0.113.7'] },
    };
    expect(describeLedgerNote(renewed, zh, 'zh-CN')).toBe('自动续费 · 203.0.113.7 续费 30 天');
    expect(describeLedgerNote(renewed, en, 'en-US')).toBe(
      'Automatic renewal · 203.0.113.7 renewed for 30 days',
    );
    const many = {
      type: 'renewal' as const,
      note: '',
      purchase: { ...purchase, ips: ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'] },
    };
    expect(describeLedgerNote(many, zh, 'zh-CN')).toBe(
      '10.0.0.1, 10.0.0.2, 10.0.0.3 等 4 个 IP 续费 30 天',
    );
  });
});
