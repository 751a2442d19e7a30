import type { LegendPayload } from 'recharts';
import { describe, expect, it } from 'vitest';
import { inDrawingOrder } from './chart-legend.ts';

const entry = (value: string) => ({ value }) as LegendPayload;

describe('a chart legend in drawing order', () => {
  it('ranks each entry by where its series is drawn, whatever its name sorts as', () => {
    const rank = inDrawingOrder(['下载', '上传']);
    // '上传' sorts before '下载' by code point: drawing order wins.
    expect(['上传', '下载'].sort()).toEqual(['上传', '下载']);
    expect([entry('上传'), entry('下载')].sort((a, b) => rank(a) - rank(b))).toEqual([
      entry('下载'),
      entry('上传'),
    ]);
    expect(inDrawingOrder(['Download', 'Upload'])(entry('Upload'))).toBe(1);
  });
});
