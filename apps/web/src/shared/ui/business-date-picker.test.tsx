// The browser sits in Los Angeles at 20:00 on 23 November; the business, in Shanghai, is already
// at 12:00 on the 24th. Every date filter's "today" is the business one.
process.env.TZ = 'America/Los_Angeles';

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DatePicker } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app.tsx';
import { isDayOutOfRange, presetRange } from '../../features/traffic/usage-range.ts';
import { setBusinessTimeZoneForTests } from '../format/date.ts';
import { BusinessDatePicker, businessPickerConfig } from './business-date-picker.ts';
import { FilterBar } from './filter-bar.tsx';

const noDays: { from?: string; to?: string } = {};

/** The day each open calendar marks as today. */
function markedToday(): string[] {
  return [...document.querySelectorAll('.ant-picker-cell-today')].map(
    (cell) => cell.getAttribute('title') ?? '',
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T04:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  setBusinessTimeZoneForTests(undefined);
});

describe('date pickers on the business clock', () => {
  it('runs with a browser a day behind the business', () => {
    expect(new Date().getDate()).toBe(23);
    expect(new Date().getHours()).toBe(20);
  });

  it('takes "now" from the business clock', () => {
    expect(businessPickerConfig.getNow().format('YYYY-MM-DD HH:mm')).toBe('2026-11-24 12:00');
    setBusinessTimeZoneForTests('UTC');
    expect(businessPickerConfig.getNow().format('YYYY-MM-DD HH:mm')).toBe('2026-11-24 04:00');
    setBusinessTimeZoneForTests('America/Los_Angeles');
    expect(businessPickerConfig.getNow().format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 20:00');
  });

  it('marks the business day as today, where antd’s own picker marks the browser’s', async () => {
    const { unmount } = renderWithProviders(<DatePicker.RangePicker open />);
    await waitFor(() => expect(markedToday().length).toBeGreaterThan(0));
    expect(new Set(markedToday())).toEqual(new Set(['2026-11-23']));
    unmount();

    renderWithProviders(<BusinessDatePicker.RangePicker open />);
    await waitFor(() => expect(markedToday().length).toBeGreaterThan(0));
    expect(new Set(markedToday())).toEqual(new Set(['2026-11-24']));
  });

  it('answers the Now button of a date-time picker with the business time', async () => {
    const picked = vi.fn();
    renderWithProviders(<BusinessDatePicker open showTime onChange={picked} />);
    fireEvent.click(await screen.findByText(/^(Now|此刻)$/));
    fireEvent.click(await screen.findByRole('button', { name: /^(OK|确\s?定)$/ }));
    expect(picked).toHaveBeenCalledTimes(1);
    const [value] = picked.mock.calls[0] as [{ format: (pattern: string) => string }];
    expect(value.format('YYYY-MM-DD HH:mm')).toBe('2026-11-24 12:00');
  });

  it('marks the business day in a filter bar’s date range', async () => {
    renderWithProviders(
      <FilterBar
        fields={[{ kind: 'dateRange', from: 'from', to: 'to', label: '日期' }]}
        values={noDays}
        onChange={() => {}}
      />,
    );
    fireEvent.click(document.querySelector('.ant-picker-range input')!);
    await waitFor(() => expect(markedToday().length).toBeGreaterThan(0));
    expect(new Set(markedToday())).toEqual(new Set(['2026-11-24']));
  });

  it('counts the usage presets and the last pickable day from the business today', () => {
    const [from, to] = presetRange('last7Days');
    expect(from.format('YYYY-MM-DD HH:mm')).toBe('2026-11-18 00:00');
    expect(to.format('YYYY-MM-DD HH:mm')).toBe('2026-11-24 12:00');
    const day = (date: number) => businessPickerConfig.getNow().startOf('day').set('date', date);
    expect(isDayOutOfRange(day(24), undefined, 'day')).toBe(false);
    expect(isDayOutOfRange(day(25), undefined, 'day')).toBe(true);
  });
});
