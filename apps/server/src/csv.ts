// The CSV every export writes (the ledger, the audit log, usage, proxy lists): UTF-8 with a
// byte-order mark (so Excel reads the Chinese text), CRLF line ends as RFC 4180 has them, and
// text cells that a spreadsheet can never run as a formula.

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

/** The document from its lines, each already joined from escaped cells. */
export function csvDocument(lines: string[]): string {
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
