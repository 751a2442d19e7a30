// What the drivers' errors mean to the application, and what of them may be written to a log.
// pg, drizzle and PGlite report a lost database in different ways (SQLSTATE codes, Node socket
// codes, bare messages), and carry query values in different places, so the package that picks
// the driver is the one place that reads their errors.

/** SQLSTATE codes that say the database went away or refused to take the connection. */
const unavailableSqlStates = new Set([
  // admin_shutdown: the server is stopping or restarting, or pg_terminate_backend ended us.
  '57P01',
  // crash_shutdown: another backend crashed and the server resets every connection.
  '57P02',
  // cannot_connect_now: the server is starting up or shutting down.
  '57P03',
  // idle_session_timeout: the server closed a connection idle for too long.
  '57P05',
  // too_many_connections: the server is full for now.
  '53300',
  // read_only_sql_transaction: a failover left the connection on a server now in recovery.
  '25006',
]);

/** Node's socket and name-resolution codes for a server that cannot be reached. */
const unreachableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// pg and PGlite raise these as plain Errors without a code; the tests pin each wording.
const unavailableMessages = [
  // pg: the socket closed under a client ("… unexpectedly", "… due to connection timeout").
  /^Connection terminated\b/,
  // pg-pool: no connection could be opened or freed within connectionTimeoutMillis.
  /^timeout exceeded when trying to connect$/,
  // pg: a query sent on a client whose connection already failed or was closed.
  /^Client (has encountered a connection error|was closed) and is not queryable$/,
  // pg-pool during shutdown.
  /^Cannot use a pool after calling end on the pool$/,
  // PGlite after close().
  /^PGlite is closed$/,
];

interface ErrorFields {
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error, its causes and (for AggregateError) its parts; cycles and depth bounded. */
function* errorChain(error: unknown): Generator<ErrorFields> {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length && seen.size < 20) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const fields = current as ErrorFields;
    yield fields;
    pending.push(fields.cause);
    if (Array.isArray(fields.errors)) pending.push(...(fields.errors as unknown[]));
  }
}

const fromDatabasePool = Symbol('stratus.fromDatabasePool');

/** Marks an error of the pool's `connect()`, which drizzle passes on unwrapped. */
export function markAsDatabaseError<T>(error: T): T {
  if (typeof error === 'object' && error !== null) {
    Object.defineProperty(error, fromDatabasePool, { value: true });
  }
  return error;
}

/**
 * True when the error (or one of its causes) says the database is unreachable, restarting,
 * failing over or out of connections: worth a "try again shortly", not a bug. Constraint
 * violations, syntax errors and the like answer false, and so does a socket error of anything
 * but the database (a payment provider's ECONNRESET is not the database's).
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  const links = [...errorChain(error)];
  const fromDatabase = links.some(
    (link) => isErrorLike(link) && (isDatabaseError(link) || fromDatabasePool in link),
  );
  for (const link of links) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (code.startsWith('08') || unavailableSqlStates.has(code)) return true;
    if (fromDatabase && unreachableSocketCodes.has(code)) return true;
    const message = typeof link.message === 'string' ? link.message : '';
    if (unavailableMessages.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/**
 * Whether the error is a unique violation (SQLSTATE 23505) of the named unique index or
 * constraint: a race two writers lost to the database's own rule, which the caller can answer as
 * the refusal the rule stands for instead of a 500.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (const link of errorChain(error)) {
    const fields = link as ErrorFields & { constraint?: unknown };
    if (fields.code === '23505' && fields.constraint === constraint) return true;
  }
  return false;
}

/**
 * Whether the error is a violation (SQLSTATE `code`, e.g. 23P01 for an exclusion constraint) of
 * the named constraint: a rule the database held, to be answered as the refusal it stands for.
 */
export function isConstraintViolation(
  error: unknown,
  { code, constraint }: { code: string; constraint: string },
): boolean {
  for (const link of errorChain(error)) {
    const fields = link as ErrorFields & { constraint?: unknown };
    if (fields.code === code && fields.constraint === constraint) return true;
  }
  return false;
}

/** What a database error may tell a log: where and why it failed, never with which values. */
const loggableDatabaseFields = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'position',
] as const;

interface DatabaseErrorFields {
  message: string;
  stack?: string;
  name?: string;
  /** drizzle's DrizzleQueryError and PGlite's errors: the SQL text. */
  query?: unknown;
  /** drizzle and PGlite: the values bound to the query. */
  params?: unknown;
  severity?: unknown;
  code?: unknown;
  cause?: unknown;
  /** pg-pool's connection errors: the client, connection string and password included. */
  client?: unknown;
  [field: string]: unknown;
}

function isErrorLike(value: unknown): value is DatabaseErrorFields {
  return (
    typeof value === 'object' && value !== null && typeof (value as Error).message === 'string'
  );
}

/** drizzle's DrizzleQueryError, or a PostgreSQL error from pg or PGlite. */
function isDatabaseError(error: DatabaseErrorFields): boolean {
  if (typeof error.query === 'string' && 'params' in error) return true;
  return typeof error.severity === 'string' && typeof error.code === 'string';
}

/**
 * The message without values: drizzle appends the bound values ("params: …") to its own, and
 * PostgreSQL quotes the offending input in data exceptions (class 22), e.g.
 * `invalid input syntax for type uuid: "…"`. Other classes quote only names.
 */
function loggableMessage(error: DatabaseErrorFields): string {
  if (typeof error.query === 'string' && 'params' in error && error.message.startsWith('Failed')) {
    return `Failed query: ${error.query}`;
  }
  if (typeof error.code === 'string' && error.code.startsWith('22')) {
    return error.message.replace(/"[^"]*"/g, '"[redacted]"');
  }
  return error.message;
}

/** The stack with its first lines (the message, values included) replaced by `message`. */
function loggableStack(error: DatabaseErrorFields, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name ?? 'Error'}: ${message}`, ...frames].join('\n');
}

function copyWithPrototype(error: object): Record<string, unknown> {
  // The prototype stays, so loggers still name the error's class.
  return Object.create(Object.getPrototypeOf(error) as object | null) as Record<string, unknown>;
}

function redactLink(error: DatabaseErrorFields, depth: number): DatabaseErrorFields {
  const cause = isErrorLike(error.cause) && depth < 10 ? redactLink(error.cause, depth + 1) : null;
  const copy = copyWithPrototype(error);
  if (isDatabaseError(error)) {
    const message = loggableMessage(error);
    Object.assign(copy, { name: error.name, message, stack: loggableStack(error, message) });
    if (typeof error.query === 'string') copy.query = error.query;
    // drizzle wraps PostgreSQL's error as its `cause`, which loggers print as text only: its
    // code and constraint are lifted here so they stay searchable fields.
    const sources = isErrorLike(error.cause) ? [error, error.cause] : [error];
    for (const field of loggableDatabaseFields) {
      const source = sources.find((link) => link[field] !== undefined);
      if (source) copy[field] = source[field];
    }
  } else {
    for (const [key, value] of Object.entries(error)) copy[key] = value;
    Object.assign(copy, { name: error.name, message: error.message, stack: error.stack });
    delete copy.client;
  }
  if (cause) copy.cause = cause;
  return copy as unknown as DatabaseErrorFields;
}

function needsRedaction(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (isErrorLike(link) && (isDatabaseError(link) || 'client' in link)) return true;
  }
  return false;
}

/**
 * For logging: the error unchanged when its chain holds no database error, else a copy of the
 * chain in which database errors keep the SQL text, the PostgreSQL code, constraint, table and
 * column, and lose every value: bound parameters, `detail` ("Key (email)=(…)", "Failing row
 * contains (…)"), `hint`, `where` and quoted input. A password hash in a failed INSERT stays out.
 */
export function redactDatabaseError<T>(error: T): T {
  if (!isErrorLike(error) || !needsRedaction(error)) return error;
  return redactLink(error, 0) as T;
}
