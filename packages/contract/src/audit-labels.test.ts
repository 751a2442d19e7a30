import { describe, expect, it } from 'vitest';
import { describeAuditAction, describeAuditChanges, priceFieldOf } from './audit-labels.ts';
import { translatorFor } from './messages.ts';

const asWritten = (iso: string) => iso;

describe('audit labels of catalog writes', () => {
  const changes = {
    [priceFieldOf(30)]: { before: 35, after: 45 },
    [priceFieldOf(180)]: { before: null, after: 200 },
    active: { before: true, after: false },
    'price.soon': { before: 1, after: 2 },
  };

  it('names a price by its duration and the plan fields by their labels, in both languages', () => {
    expect(describeAuditChanges(changes, translatorFor('zh-CN'), asWritten)).toEqual([
      '30 天价格: 35 → 45',
      '180 天价格: — → 200',
      '上架: true → false',
      // Not a duration: read as recorded.
      'price.soon: 1 → 2',
    ]);
    expect(describeAuditChanges(changes, translatorFor('en-US'), asWritten)).toEqual([
      'Price for 30 days: 35 → 45',
      'Price for 180 days: — → 200',
      'Shown: true → false',
      'price.soon: 1 → 2',
    ]);
    expect(describeAuditAction('plan.price', translatorFor('en-US'))).toBe('Change plan prices');
    expect(describeAuditAction('traffic_plan.delete', translatorFor('zh-CN'))).toBe('删除流量套餐');
  });
});

describe('recorded times in audit changes', () => {
  const onShanghaiClock = (iso: string) =>
    new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

  it('writes an instant through the reader’s clock and leaves other text as recorded', () => {
    expect(
      describeAuditChanges(
        {
          endsAt: { before: '2026-11-24T18:05:11.521Z', after: '2026-11-25T02:00:00+08:00' },
          statusReason: { before: '2026-11-24', after: 'abuse at 2026-11-24T18:05Z, see ticket' },
          paidAt: { before: null, after: '2026-13-45T99:99:99Z' },
        },
        translatorFor('en-US'),
        onShanghaiClock,
      ),
    ).toEqual([
      'Ends: 2026-11-25 02:05:11 → 2026-11-25 02:00:00',
      'Status reason: 2026-11-24 → abuse at 2026-11-24T18:05Z, see ticket',
      // Shaped like an instant but not one: shown as recorded rather than as "Invalid Date".
      'Paid at: — → 2026-13-45T99:99:99Z',
    ]);
  });
});
