import { describe, expect, it } from 'vitest';
import { describeAuditAction, describeAuditChanges, priceFieldOf } from './audit-labels.ts';
import { translatorFor } from './messages.ts';

describe('audit labels of catalog writes', () => {
  const changes = {
    [priceFieldOf(30)]: { before: 35, after: 45 },
    [priceFieldOf(180)]: { before: null, after: 200 },
    active: { before: true, after: false },
    'price.soon': { before: 1, after: 2 },
  };

  it('names a price by its duration and the plan fields by their labels, in both languages', () => {
    expect(describeAuditChanges(changes, translatorFor('zh-CN'))).toEqual([
      '30 天价格: 35 → 45',
      '180 天价格: — → 200',
      '上架: true → false',
      // Not a duration: read as recorded.
      'price.soon: 1 → 2',
    ]);
    expect(describeAuditChanges(changes, translatorFor('en-US'))).toEqual([
      'Price for 30 days: 35 → 45',
      'Price for 180 days: — → 200',
      'Shown: true → false',
      'price.soon: 1 → 2',
    ]);
    expect(describeAuditAction('plan.price', translatorFor('en-US'))).toBe('Change plan prices');
    expect(describeAuditAction('traffic_plan.delete', translatorFor('zh-CN'))).toBe('删除流量套餐');
  });
});
