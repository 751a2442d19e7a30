// Every CSV the server writes names the business time zone in its time column's title, worded by
// the contract's catalogue as the console titles the same column, and writes its times on that
// zone's wall clock. A zone with daylight saving is named by its offset when the file is made.
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_BUSINESS_TIME_ZONE,
  timeColumnTitle,
  useBusinessTimeZone,
} from './business-time.ts';
import { translatorFor } from '@stratus/contract';
import { formatAuditCsv } from './modules/audit/public.ts';
import { formatInstancesCsv } from './modules/instances/public.ts';
import { formatUsageCsv } from './modules/usage/public.ts';
import { formatLedgerCsv } from './modules/wallet/public.ts';

afterEach(() => useBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

// 17:30 UTC on 23 November: the 24th in Shanghai, still the 23rd in UTC and Los Angeles.
const AT = new Date('2026-11-23T17:30:00Z');
const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

const zones = [
  { zone: 'Asia/Shanghai', exportedAt: WINTER, label: 'UTC+8', wall: '2026-11-24 01:30:00' },
  { zone: 'UTC', exportedAt: SUMMER, label: 'UTC', wall: '2026-11-23 17:30:00' },
  { zone: 'America/Los_Angeles', exportedAt: WINTER, label: 'UTC-8', wall: '2026-11-23 09:30:00' },
  { zone: 'America/Los_Angeles', exportedAt: SUMMER, label: 'UTC-7', wall: '2026-11-23 09:30:00' },
];

/** The header row and first data row of a CSV file, byte-order mark dropped. */
function firstLines(csv: string): [string, string] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header = '', row = ''] = csv.slice(1).split('\r\n');
  return [header, row];
}

describe.each(zones)('CSV time columns in $zone exported at $exportedAt', (z) => {
  it('titles the time column with the shared words and the zone’s offset', () => {
    useBusinessTimeZone(z.zone);
    expect(timeColumnTitle(translatorFor('en-US'), 'Time', z.exportedAt)).toBe(`Time (${z.label})`);
    expect(timeColumnTitle(translatorFor('zh-CN'), '时间', z.exportedAt)).toBe(`时间 (${z.label})`);
  });

  it('the audit log', () => {
    useBusinessTimeZone(z.zone);
    const entry = {
      id: 1,
      actorId: null,
      actorEmail: 'cli',
      actorRole: 'cli',
      action: 'customer.disable',
      targetType: 'user',
      targetId: 'u1',
      changes: {},
      reason: '',
      sourceIp: null,
      createdAt: AT.toISOString(),
    } as const;
    const [header, row] = firstLines(formatAuditCsv([entry], 'zh-CN', z.exportedAt));
    expect(header.startsWith(`时间 (${z.label}),操作人,`)).toBe(true);
    expect(row.startsWith(`${z.wall},cli,`)).toBe(true);
  });

  it('the ledger', () => {
    useBusinessTimeZone(z.zone);
    const rows = [
      {
        createdAt: AT,
        type: 'topup' as const,
        amountFen: 1000n,
        balanceAfterFen: 1000n,
        reference: null,
        note: '',
        purchase: null,
      },
    ];
    const [header, row] = firstLines(formatLedgerCsv(rows, 'en-US', z.exportedAt));
    expect(header.startsWith(`Time (${z.label}),Type,`)).toBe(true);
    expect(row).toBe(`${z.wall},Top-up,10.00,10.00,,`);
  });

  it('the static-IP list', () => {
    useBusinessTimeZone(z.zone);
    const instance = {
      ip: '203.0.113.1',
      port: 1080,
      vmessPort: 10086,
      protocols: ['socks5'],
      username: 'u',
      password: 'p',
      vmessId: '00000000-0000-4000-8000-000000000000',
      country: 'US',
      city: 'LA',
      remark: '',
      expiresAt: AT,
    };
    const [header, row] = firstLines(formatInstancesCsv([instance], 'en-US', z.exportedAt));
    expect(header.endsWith(`,Remark,Expires (${z.label})`)).toBe(true);
    expect(row.endsWith(`,${z.wall}`)).toBe(true);
  });

  it('the traffic usage', () => {
    useBusinessTimeZone(z.zone);
    const buckets = [{ at: AT.toISOString(), bytesUp: 1, bytesDown: 2 }];
    const csv = formatUsageCsv(buckets, { locale: 'zh-CN', exportedAt: z.exportedAt });
    const [header, row] = firstLines(csv);
    expect(header).toBe(`时间 (${z.label}),上传（字节）,下载（字节）,合计（字节）`);
    expect(row).toBe(`${z.wall.slice(0, 16)},1,2,3`);
  });
});
