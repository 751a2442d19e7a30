// Named prepared statements for the hottest reads. drizzle builds a query's SQL text on every
// call (about a tenth of a wallet read's CPU in issue 18's profile), and an unnamed statement
// makes PostgreSQL parse and plan it every time. `.prepare(name)` does both once: drizzle keeps
// the text, and node-postgres prepares the statement once per connection under its name.
/**
 * `build(db)` made once per `Db` (the pool, or a transaction while it lasts) and kept with it.
 * Generic rather than typed with `Db`, so this module needs nothing from index.ts.
 * Build with `sql.placeholder(…)` for the values and `.prepare(name)`; the name must be unique
 * to this query's text across the application.
 */
export function preparedPerDatabase<Database extends object, Prepared>(
  build: (db: Database) => Prepared,
): (db: Database) => Prepared {
  const byDatabase = new WeakMap<Database, Prepared>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
