import type { LedgerEntryType, Locale } from '@stratus/contract';
import { formatChinaTime } from '../../china-time.ts';
import { formatFen } from '../../money-text.ts';
import type { LedgerEntryRow } from './repo.ts';

const headers: Record<Locale, string[]> = {
  'zh-CN': ['时间', '类型', '金额', '余额', '关联单号', '备注'],
  'en-US': ['Time', 'Type', 'Amount', 'Balance', 'Reference', 'Note'],
};

const typeLabels: Record<Locale, Record<LedgerEntryType, string>> = {
  'zh-CN': {
    topup: '充值',
    static_ip_purchase: '购买静态IP',
    renewal: '续费',
    traffic_purchase: '购买流量',
    refund: '退款',
    adjustment: '调账',
  },
  'en-US': {
    topup: 'Top-up',
    static_ip_purchase: 'Static IP purchase',
    renewal: 'Renewal',
    traffic_purchase: 'Traffic purchase',
    refund: 'Refund',
    adjustment: 'Adjustment',
  },
};

/**
 * A text cell, quoted when it holds a quote, comma or line break. Cells a spreadsheet would read
 * as a formula (starting with = + - @, or a tab / carriage return) get a leading `'`, so a note
 * such as `=HYPERLINK(…)` stays text. Amounts are written by `formatFen`, never through here, so
 * negative numbers stay numbers.
 */
export function escapeCsvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The ledger as CSV: UTF-8 with a byte-order mark (so Excel reads the Chinese text), CRLF line
 * ends as RFC 4180 has them, a header row and type labels in the caller's language.
 */
export function formatLedgerCsv(rows: LedgerEntryRow[], locale: Locale): string {
  const lines = [headers[locale].map(escapeCsvText).join(',')];
  for (const row of rows) {
    lines.push(
      [
        escapeCsvText(formatChinaTime(row.createdAt)),
        escapeCsvText(typeLabels[locale][row.type]),
        formatFen(row.amountFen),
        formatFen(row.balanceAfterFen),
        escapeCsvText(row.reference ?? ''),
        escapeCsvText(row.note),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
