// In-process turns per key: claims of the same throttle keys on this server wait here, in memory,
// one after another, instead of each holding a pooled connection while PostgreSQL queues them.
import type { Db } from '@stratus/db';

export class KeyedLocks {
  /** The end of each key's queue: resolved once the last claim queued on it is done. */
  readonly #tails = new Map<string, Promise<void>>();

  /**
   * Runs `work` holding every key's turn, taken in sorted order (two claims sharing keys never
   * wait on each other in a cycle).
   */
  async run<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const key of [...new Set(keys)].sort()) {
        const previous = this.#tails.get(key) ?? Promise.resolve();
        let release = () => {};
        const done = new Promise<void>((resolve) => {
          release = resolve;
        });
        const tail = previous.then(() => done);
        this.#tails.set(key, tail);
        releases.push(() => {
          release();
          if (this.#tails.get(key) === tail) this.#tails.delete(key);
        });
        await previous;
      }
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  /** Keys with a claim running or waiting (tests). */
  get size(): number {
    return this.#tails.size;
  }
}

const locksByDb = new WeakMap<Db, KeyedLocks>();

/** This process's turns for claims on `db`. */
export function keyedLocksOf(db: Db): KeyedLocks {
  let locks = locksByDb.get(db);
  if (!locks) {
    locks = new KeyedLocks();
    locksByDb.set(db, locks);
  }
  return locks;
}
