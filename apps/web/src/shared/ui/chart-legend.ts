import type { LegendPayload } from 'recharts';

/**
 * A legend sorter that keeps the series in the order they are drawn (the order of a stack).
 * Recharts sorts a legend by its names by default, so the order changed with the language:
 * "Download, Upload" in English but "上传, 下载" in Chinese.
 */
export function inDrawingOrder(names: readonly string[]) {
  return (item: LegendPayload): number => names.indexOf(String(item.value));
}
