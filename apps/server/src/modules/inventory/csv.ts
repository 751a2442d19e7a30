// Reads an inventory CSV: a header row naming the columns below (any order), one IP per row.
import { validateInventoryIp, type InventoryIp } from './rows.ts';

export const inventoryCsvColumns = [
  'address',
  'port',
  'vmess_port',
  'country',
  'country_zh',
  'country_en',
  'city',
  'city_zh',
  'city_en',
  'line_type',
] as const;
type Column = (typeof inventoryCsvColumns)[number];

/** Field names of validation issues, spelled as the CSV's columns. */
const columnOfField: Record<string, Column> = {
  address: 'address',
  port: 'port',
  vmessPort: 'vmess_port',
  country: 'country',
  countryZh: 'country_zh',
  countryEn: 'country_en',
  city: 'city',
  cityZh: 'city_zh',
  cityEn: 'city_en',
  lineType: 'line_type',
};

/**
 * RFC 4180 records: commas, double-quoted fields with `""` escapes and line breaks inside quotes,
 * LF or CRLF. Each record carries the 1-based line it starts on, for error messages.
 */
export function parseCsvRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index += 1;
      fields.push(field);
      records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (field !== '' || fields.length) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  // Blank lines (and a trailing newline) are not records.
  return records.filter((record) => record.fields.some((value) => value.trim() !== ''));
}

export interface InventoryCsv {
  ips: { line: number; ip: InventoryIp }[];
  /** `line 4: port: must be between 1 and 65535`; a file with any problem imports nothing. */
  problems: string[];
}

export function readInventoryCsv(text: string): InventoryCsv {
  const [header, ...rows] = parseCsvRecords(text);
  if (!header) return { ips: [], problems: ['the file is empty'] };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const problems: string[] = [];
  const missing = inventoryCsvColumns.filter((column) => !names.includes(column));
  const unknown = names.filter(
    (name) => !(inventoryCsvColumns as readonly string[]).includes(name),
  );
  if (missing.length) problems.push(`header: missing column(s) ${missing.join(', ')}`);
  if (unknown.length) problems.push(`header: unknown column(s) ${unknown.join(', ')}`);
  if (problems.length) return { ips: [], problems };

  const ips: InventoryCsv['ips'] = [];
  for (const row of rows) {
    if (row.fields.length !== names.length) {
      problems.push(
        `line ${row.line}: ${row.fields.length} fields, the header has ${names.length}`,
      );
      continue;
    }
    const cell = (column: Column) => row.fields[names.indexOf(column)]?.trim() ?? '';
    const validated = validateInventoryIp(
      {
        address: cell('address'),
        port: cell('port'),
        vmessPort: cell('vmess_port'),
        region: {
          country: cell('country'),
          countryZh: cell('country_zh'),
          countryEn: cell('country_en'),
          city: cell('city'),
          cityZh: cell('city_zh'),
          cityEn: cell('city_en'),
        },
        lineType: cell('line_type'),
      },
      columnOfField,
    );
    if (validated.ok) ips.push({ line: row.line, ip: validated.value });
    else problems.push(...validated.problems.map((problem) => `line ${row.line}: ${problem}`));
  }
  return { ips, problems };
}
