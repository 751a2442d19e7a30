import { translatorFor, type Locale, type SharedMessageKey } from '@stratus/contract';
import { formatBusinessTime, timeColumnTitle } from '../../business-time.ts';
import { csvDocument, escapeCsvText } from '../../csv.ts';

/** What a CSV row says about an instance. */
export interface InstanceCsvRow {
  ip: string;
  port: number;
  vmessPort: number;
  protocols: string[];
  username: string;
  password: string;
  vmessId: string;
  country: string;
  /** City in the caller's language. */
  city: string;
  remark: string;
  expiresAt: Date;
}

const headerKeys: SharedMessageKey[] = [
  'instances.csv.ip',
  'instances.csv.port',
  'instances.csv.vmessPort',
  'instances.csv.protocols',
  'instances.csv.username',
  'instances.csv.password',
  'instances.csv.vmessId',
  'instances.csv.country',
  'instances.csv.city',
  'instances.csv.remark',
  'instances.csv.expiresAt',
];

/**
 * The instances as CSV, one row each: UTF-8 with a byte-order mark and CRLF line ends like the
 * ledger's export, titles from the contract's catalogue in the caller's language, expiry in the
 * business time zone, its title naming the zone as of `exportedAt` ("到期时间 (UTC+8)").
 */
export function formatInstancesCsv(
  rows: InstanceCsvRow[],
  locale: Locale,
  exportedAt: Date = new Date(),
): string {
  const t = translatorFor(locale);
  const title = (key: SharedMessageKey) =>
    key === 'instances.csv.expiresAt' ? timeColumnTitle(t, t(key), exportedAt) : t(key);
  const lines = [headerKeys.map((key) => escapeCsvText(title(key))).join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.ip,
        String(row.port),
        String(row.vmessPort),
        row.protocols.join('/'),
        row.username,
        row.password,
        row.vmessId,
        row.country,
        row.city,
        row.remark,
        formatBusinessTime(row.expiresAt),
      ]
        .map(escapeCsvText)
        .join(','),
    );
  }
  return csvDocument(lines);
}
