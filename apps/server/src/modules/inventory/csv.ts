// Reads an inventory CSV: a header row naming the columns below (any order), one IP per row.
import { CsvError, parse } from 'csv-parse/sync';
import { describeProblem, type ImportProblem } from './problems.ts';
import { validateInventoryIp, type ImportCandidate } from './rows.ts';

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

/** A CSV record and the 1-based line it starts on, for error messages. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A file csv-parse cannot read as CSV (a quote out of place, a quoted field never closed). */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  readonly line: number;
  readonly problem: ImportProblem;
  constructor(line: number, problem: ImportProblem) {
    super(`line ${line}: ${describeProblem(problem, 'en-US')}`);
    this.line = line;
    this.problem = problem;
  }
}

/**
 * RFC 4180 records through csv-parse: commas, double-quoted fields with `""` escapes and line
 * breaks inside quotes, LF, CRLF or CR line ends (mixed too), a UTF-8 byte order mark (as
 * spreadsheet programs save). Blank lines are not records. Throws `CsvSyntaxError`.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  // Where the last record ended: the next one starts on the line after (blank lines are records
  // here, filtered below, so the count stays exact), and a syntax error is reported from there.
  let lastLine = 0;
  const startLines: number[] = [];
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      // Rows with the wrong number of fields are reported by the reader, with the counts.
      relax_column_count: true,
      on_record: (fields, context) => {
        startLines.push(lastLine + 1);
        lastLine = context.lines;
        return fields;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) throw syntaxError(error, lastLine + 1);
    throw error;
  }
  return rows
    .map((fields, index) => ({ line: startLines[index] ?? 0, fields }))
    .filter((record) => record.fields.some((value) => value.trim() !== ''));
}

function syntaxError(error: CsvError, recordLine: number): CsvSyntaxError {
  const line = typeof error.lines === 'number' ? error.lines : recordLine;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new CsvSyntaxError(recordLine, { key: 'adminInventory.problem.quoteNotClosed' });
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return new CsvSyntaxError(line, { key: 'adminInventory.problem.quoteOutOfPlace' });
    default:
      return new CsvSyntaxError(line, {
        key: 'adminInventory.problem.csvUnreadable',
        params: { detail: error.message },
      });
  }
}

/**
 * The rows of an inventory CSV, one candidate per record in file order, each valid or with its
 * problems. A file that cannot be read as CSV, or whose header lacks or has unknown columns, is
 * one candidate holding the problem (nothing of it can be imported); an empty file none.
 */
export function readInventoryCsv(text: string): ImportCandidate[] {
  let records: CsvRecord[];
  try {
    records = parseCsvRecords(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return [{ line: error.line, address: '', problems: [error.problem] }];
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return [];
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const problems: ImportProblem[] = [];
  const missing = inventoryCsvColumns.filter((column) => !names.includes(column));
  const unknown = names.filter(
    (name) => !(inventoryCsvColumns as readonly string[]).includes(name),
  );
  if (missing.length) {
    problems.push({
      key: 'adminInventory.problem.missingColumns',
      params: { columns: missing.join(', ') },
    });
  }
  if (unknown.length) {
    problems.push({
      key: 'adminInventory.problem.unknownColumns',
      params: { columns: unknown.join(', ') },
    });
  }
  if (problems.length) return [{ line: header.line, address: '', problems }];

  return rows.map((row): ImportCandidate => {
    const cell = (column: Column) => row.fields[names.indexOf(column)]?.trim() ?? '';
    if (row.fields.length !== names.length) {
      return {
        line: row.line,
        address: cell('address'),
        problems: [
          {
            key: 'adminInventory.problem.fieldCount',
            params: { count: row.fields.length, expected: names.length },
          },
        ],
      };
    }
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
    return validated.ok
      ? { line: row.line, address: validated.value.address, ip: validated.value, problems: [] }
      : { line: row.line, address: cell('address'), problems: validated.problems };
  });
}
