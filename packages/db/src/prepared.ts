// Named prepared statements for the hottest statements. drizzle builds a query's SQL text on every
// call (about a tenth of a wallet read's CPU in issue 18's profile), and an unnamed statement
// makes PostgreSQL parse and plan it every time. `.prepare(name)` does both once: drizzle keeps
// the text, and node-postgres prepares the statement once per connection under its name.
/**
 * `build(db)` made once per connection and kept with it: once for the pool, and once per pooled
 * connection for the transactions that run on it. A transaction is a new `Db` every time, but its
 * prepared query differs from another transaction's on the same connection only by that
 * connection, so keying by the `Db` rebuilt the SQL text in every purchase (issue 18). The
 * connection is drizzle's session client (`db._.session.client`: a pg `Pool` or `PoolClient`, or
 * PGlite's transaction); a `Db` without one is its own key.
 * Generic rather than typed with `Db`, so this module needs nothing from index.ts.
 * Build with `sql.placeholder(…)` for the values and `.prepare(name)`; the name must be unique
 * to this query's text across the application.
 */
export function preparedPerDatabase<Database extends object, Prepared>(
  build: (db: Database) => Prepared,
): (db: Database) => Prepared {
  const byConnection = new WeakMap<object, Prepared>();
  return (db) => {
    const connection = connectionOf(db);
    let prepared = byConnection.get(connection);
    if (!prepared) {
      prepared = build(db);
      byConnection.set(connection, prepared);
    }
    return prepared;
  };
}

/** The client a drizzle database sends its statements through, or `db` itself. */
function connectionOf(db: object): object {
  const client = (db as { _?: { session?: { client?: unknown } } })._?.session?.client;
  return typeof client === 'object' && client !== null ? client : db;
}
