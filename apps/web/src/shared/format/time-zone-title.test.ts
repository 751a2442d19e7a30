import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { timeAxisLabel } from '../ui/chart-time-axis.ts';
import { setBusinessTimeZoneForTests } from './date.ts';
import { timeAxisTitle, withTimeZone } from './time-zone-title.ts';

afterEach(async () => {
  setBusinessTimeZoneForTests(undefined);
  await act(() => changeLanguage('zh-CN'));
});

describe('titles naming the business time zone', () => {
  it('names the default zone, Shanghai, in either language', async () => {
    expect(withTimeZone('创建时间')).toBe('创建时间 (UTC+8)');
    expect(timeAxisTitle()).toBe('时间 (UTC+8)');
    expect(timeAxisTitle('day')).toBe('日期 (UTC+8)');
    await act(() => changeLanguage('en-US'));
    expect(timeAxisTitle()).toBe('Time (UTC+8)');
    expect(timeAxisTitle('day')).toBe('Date (UTC+8)');
  });

  it('names another zone by its offset, UTC plainly', () => {
    setBusinessTimeZoneForTests('UTC');
    expect(withTimeZone('到期时间')).toBe('到期时间 (UTC)');
    setBusinessTimeZoneForTests('Asia/Kolkata');
    expect(timeAxisTitle()).toBe('时间 (UTC+5:30)');
  });

  it('puts the title under a chart’s time axis', () => {
    expect(timeAxisLabel('day', '#888')).toEqual({
      value: '日期 (UTC+8)',
      position: 'insideBottom',
      fill: '#888',
      fontSize: 12,
    });
  });
});
