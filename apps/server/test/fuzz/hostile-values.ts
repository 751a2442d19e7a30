// The hostile inputs fuzz requests are made of: values no field should choke on, whole bodies no
// JSON endpoint should choke on, odd media types and headers.

// A JSON value the serializer writes out verbatim (JSON has no literal for these numbers).
const RAW = '\u{F0000}';
const raw = (text: string) => `${RAW}${text}${RAW}`;

/** JSON text of `value`, with `raw(...)` strings written as the bare text they carry. */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    new RegExp(`"${RAW}([^"]*)${RAW}"`, 'gu'),
    (_whole, text: string) => text,
  );
}

/** Hostile values for one body field: wrong types, extreme numbers, text PostgreSQL refuses. */
export const hostileJson: unknown[] = [
  null,
  true,
  '',
  '\u0000',
  'a\u0000b',
  '\u001b[2J',
  'line\nbreak',
  '\u2028',
  '\ud800',
  'x'.repeat(3000),
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  -1,
  0.5,
  1e308,
  -1e308,
  raw('1e400'),
  raw('-1e400'),
  raw('1e-400'),
  [],
  {},
  { nested: { deeper: [1, 'two'] } },
];

/** Hostile text for a query or path parameter, as it appears in the URL. */
export const hostileText = [
  '',
  '%00',
  'a%00b',
  '%1B%5B2J',
  '%E2%80%A8',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '2147483648',
  '9007199254740993',
  '-1',
  '0x10',
  '1.5',
  '%20',
  '%zz',
  '%E0%A4%A',
  'x'.repeat(3000),
  '%F0%9F%98%80',
];

/** What every field and parameter meets once: NUL, 2^31, and a value far too long. */
export const sweepJson: unknown[] = ['a\u0000b', 2 ** 31, 'x'.repeat(3000)];
export const sweepText = ['a%00b', '2147483648', 'x'.repeat(3000), '%E0%A4%A'];

/** Whole bodies no JSON endpoint should choke on. */
export const hostileBodies: [string, string][] = [
  ['empty', ''],
  ['null', 'null'],
  ['array', '[]'],
  ['string', '"text"'],
  ['number', '123'],
  ['malformed', '{"a":'],
  ['bom', '\ufeff{}'],
  ['proto', '{"__proto__":{"polluted":true}}'],
  ['constructor', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['deep-array', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ['deep-object', `${'{"a":'.repeat(5000)}{"constructor":1}${'}'.repeat(5000)}`],
  ['oversized', JSON.stringify({ padding: 'x'.repeat(70 * 1024) })],
];

export const oddContentTypes = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  '*/*',
  'application/json, text/plain',
];

/** Header values a real HTTP parser lets through (no control characters). */
export const oddHeaders: [string, string][] = [
  ['idempotency-key', ''],
  ['idempotency-key', '   '],
  ['idempotency-key', 'k'.repeat(300)],
  ['idempotency-key', 'caf\u00e9'],
  ['accept-language', 'x'.repeat(3000)],
  ['accept-language', '*;q=abc'],
  ['content-length', '99999999999999999999'],
];
