// What every answer of the API must be, whatever was asked: never a 5xx, never a stack trace or
// SQL text, always the envelope (except the documented raw answers), always the security
// headers, and never a long reflection of the request.

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Fragments of internals an answer must never show. */
const leaks: [string, RegExp][] = [
  ['stack trace', /\n\s+at |\bat [\w$.<>]+ \(|node:internal|node_modules\/|\.ts:\d+:\d+/],
  ['error class', /\b(TypeError|RangeError|SyntaxError|ReferenceError|DrizzleQueryError)\b/],
  [
    'SQL text',
    /\bselect\b[^.]{0,200}\bfrom\s+"?\w|\binsert into\s|\bupdate\s+"?\w+"?\s+set\s|\bdelete from\s/i,
  ],
  [
    'database message',
    /failed query|out of range for type|invalid byte sequence|violates \w+ constraint|syntax error at|relation "|column "|invalid input syntax|postgres:\/\//i,
  ],
];

/** An error answer describes the problem in a few lines; it never echoes a long input. */
const MAX_ERROR_BODY_LENGTH = 2_500;

function header(answer: Answer, name: string): string {
  return String(answer.headers[name] ?? '');
}

function envelopeProblem(answer: Answer): string | undefined {
  if (!header(answer, 'content-type').startsWith('application/json')) {
    return `content-type ${header(answer, 'content-type') || '(none)'}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'unparsable JSON';
  }
  if (body === null || typeof body !== 'object') return 'not an object';
  const { code, message } = body as Record<string, unknown>;
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,data,message') return `keys ${keys}`;
  if (typeof code !== 'number' || !Number.isInteger(code)) return 'code is not an integer';
  if (typeof message !== 'string') return 'message is not a string';
  const success = answer.statusCode < 300;
  if (success !== (code === 0)) return `code ${code} with status ${answer.statusCode}`;
  return undefined;
}

/**
 * The violations of one answer (empty when it is fine). `raw` marks an operation whose success
 * answer is a download or a provider's plain-text acknowledgement rather than the envelope.
 */
export function violationsOf(answer: Answer, { method, raw }: { method: string; raw: boolean }) {
  const found: string[] = [];
  if (answer.statusCode >= 500) found.push(`status ${answer.statusCode}`);
  for (const [name, pattern] of leaks) {
    if (pattern.test(answer.body)) found.push(name);
  }
  if (header(answer, 'x-content-type-options') !== 'nosniff') found.push('no nosniff header');
  if (!header(answer, 'content-security-policy').includes("frame-ancestors 'none'")) {
    found.push('no content security policy');
  }
  if (header(answer, 'cache-control') !== 'no-store') found.push('cacheable answer');
  const success = answer.statusCode >= 200 && answer.statusCode < 300;
  const rawAnswer = success && (raw || header(answer, 'content-type').startsWith('text/csv'));
  if (method !== 'HEAD' && !rawAnswer) {
    const problem = envelopeProblem(answer);
    if (problem) found.push(`not the envelope (${problem})`);
  }
  if (!success && answer.body.length > MAX_ERROR_BODY_LENGTH) {
    found.push(`error answer of ${answer.body.length} characters`);
  }
  return found;
}
