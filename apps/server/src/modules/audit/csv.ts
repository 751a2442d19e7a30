import {
  describeAuditAction,
  describeAuditActorRole,
  describeAuditChanges,
  formatAuditTarget,
  translatorFor,
  type AuditEntry,
  type Locale,
  type SharedMessageKey,
} from '@stratus/contract';
import { formatBusinessTime, timeColumnTitle } from '../../business-time.ts';
import { csvDocument, escapeCsvText } from '../../csv.ts';

/** The columns, titled as the audit-log page titles its table. */
const headerKeys: SharedMessageKey[] = [
  'adminAudit.column.time',
  'adminAudit.column.actor',
  'adminAudit.column.actorRole',
  'adminAudit.column.action',
  'adminAudit.column.target',
  'adminAudit.column.changes',
  'adminAudit.column.reason',
  'adminAudit.column.sourceIp',
];

/**
 * The audit log as CSV, written as the ledger's export is: UTF-8 with a byte-order mark (so Excel
 * reads the Chinese text), CRLF line ends, a header row, and the action and role labels in the
 * caller's language from the contract's catalogue. Every cell goes through `escapeCsvText`, so a
 * reason such as `=HYPERLINK(…)` stays text. The time column names the business zone as of
 * `exportedAt`, as the console's column does ("时间 (UTC+8)").
 */
export function formatAuditCsv(
  entries: AuditEntry[],
  locale: Locale,
  exportedAt: Date = new Date(),
): string {
  const t = translatorFor(locale);
  const title = (key: SharedMessageKey) =>
    key === 'adminAudit.column.time' ? timeColumnTitle(t, t(key), exportedAt) : t(key);
  const lines = [headerKeys.map((key) => escapeCsvText(title(key))).join(',')];
  for (const entry of entries) {
    lines.push(
      [
        formatBusinessTime(new Date(entry.createdAt)),
        entry.actorEmail,
        describeAuditActorRole(entry.actorRole, t),
        describeAuditAction(entry.action, t),
        formatAuditTarget(entry),
        describeAuditChanges(entry.changes, t, (iso) => formatBusinessTime(new Date(iso))).join(
          '; ',
        ),
        entry.reason,
        entry.sourceIp ?? '',
      ]
        .map(escapeCsvText)
        .join(','),
    );
  }
  return csvDocument(lines);
}
