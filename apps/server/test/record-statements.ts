// What a piece of work sends to PostgreSQL, statement by statement, for tests of round trips and
// of which statements run inside which transaction. PostgreSQL (node-postgres) only.
import pg from 'pg';

/** Every statement each PostgreSQL connection of this process sends while recording. */
export function recordStatements() {
  const byClient = new Map<pg.Client, string[]>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [query] = args as [string | { text?: string }];
    const text = typeof query === 'string' ? query : (query?.text ?? '');
    byClient.set(this, [...(byClient.get(this) ?? []), text]);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    stop: () => {
      pg.Client.prototype.query = original;
    },
    /** The statements of each transaction (`begin` to `commit`) that sent one matching `marker`. */
    transactionsWith(marker: RegExp): string[][] {
      const found: string[][] = [];
      for (const statements of byClient.values()) {
        let current: string[] | null = null;
        for (const text of statements) {
          if (/^begin/i.test(text)) current = [];
          current?.push(text);
          if (/^(commit|rollback)/i.test(text) && current) {
            if (current.some((statement) => marker.test(statement))) found.push(current);
            current = null;
          }
        }
      }
      return found;
    },
    /** Statements matching `marker` sent outside any transaction. */
    outsideTransactions(marker: RegExp): string[] {
      const found: string[] = [];
      for (const statements of byClient.values()) {
        let inTransaction = false;
        for (const text of statements) {
          if (/^begin/i.test(text)) inTransaction = true;
          if (!inTransaction && marker.test(text)) found.push(text);
          if (/^(commit|rollback)/i.test(text)) inTransaction = false;
        }
      }
      return found;
    },
  };
}
