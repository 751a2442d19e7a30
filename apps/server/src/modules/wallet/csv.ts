import {
  describeLedgerNote,
  describeLedgerType,
  translatorFor,
  type LedgerEntryType,
  type LedgerPurchase,
  type Locale,
  type SharedMessageKey,
} from '@stratus/contract';
import { formatBusinessTime, timeColumnTitle } from '../../business-time.ts';
import { csvDocument, escapeCsvText } from '../../csv.ts';
import { formatFen } from '../../money-text.ts';

/**
 * What a CSV line needs of a ledger row (a `LedgerEntryRow` has it). Stated here rather than
 * imported from the repo so this writer stays free of the database: the console's label test runs
 * it beside the rendered table.
 */
export interface LedgerCsvRow {
  createdAt: Date;
  type: LedgerEntryType;
  amountFen: bigint;
  balanceAfterFen: bigint;
  reference: string | null;
  note: string;
  purchase: LedgerPurchase | null;
}

/** The columns, titled as the business-flow page titles its table. */
const headerKeys: SharedMessageKey[] = [
  'wallet.flow.column.time',
  'wallet.flow.column.type',
  'wallet.flow.column.amount',
  'wallet.flow.column.balanceAfter',
  'wallet.flow.column.reference',
  'wallet.flow.column.note',
];

/**
 * The ledger as CSV: UTF-8 with a byte-order mark (so Excel reads the Chinese text), CRLF line
 * ends as RFC 4180 has them, a header row, type labels and notes in the caller's language, worded
 * by the contract's catalogue exactly as the console words them. The time column names the
 * business zone as of `exportedAt`, as the console's column does ("时间 (UTC+8)").
 */
export function formatLedgerCsv(
  rows: LedgerCsvRow[],
  locale: Locale,
  exportedAt: Date = new Date(),
): string {
  const t = translatorFor(locale);
  const title = (key: SharedMessageKey) =>
    key === 'wallet.flow.column.time' ? timeColumnTitle(t, t(key), exportedAt) : t(key);
  const lines = [headerKeys.map((key) => escapeCsvText(title(key))).join(',')];
  for (const row of rows) {
    lines.push(
      [
        escapeCsvText(formatBusinessTime(row.createdAt)),
        escapeCsvText(describeLedgerType(row.type, t)),
        formatFen(row.amountFen),
        formatFen(row.balanceAfterFen),
        escapeCsvText(row.reference ?? ''),
        escapeCsvText(describeLedgerNote(row, t, locale)),
      ].join(','),
    );
  }
  return csvDocument(lines);
}
