import type { Change } from '../../change-notifications.ts';

interface Entry<T> {
  value: T;
  /** `performance.now()` after which the entry is read again (the safety net, not the rule). */
  validUntil: number;
}

/**
 * What the customers' catalog answers, per key (the language), kept in memory until a catalog or
 * stock change arrives through the change bus (`catalogChanged`) or `maxAgeMs` passes. Nothing is
 * kept while the bus is not listening: changes would go unnoticed then.
 *
 * A load that began before an invalidation must not be stored: it may have read the old rows.
 * Loads of one key at one generation are shared, so a burst of requests reads the database once.
 */
export class CatalogCache<K, T> {
  readonly #entries = new Map<K, Entry<T>>();
  readonly #loading = new Map<K, { generation: number; promise: Promise<T> }>();
  #generation = 0;

  readonly maxAgeMs: number;
  readonly #isListening: () => boolean;

  constructor(maxAgeMs: number, isListening: () => boolean) {
    this.maxAgeMs = maxAgeMs;
    this.#isListening = isListening;
  }

  async get(key: K, load: () => Promise<T>): Promise<T> {
    if (this.maxAgeMs <= 0 || !this.#isListening()) return load();
    const entry = this.#entries.get(key);
    if (entry && performance.now() < entry.validUntil) return entry.value;
    const generation = this.#generation;
    const pending = this.#loading.get(key);
    if (pending?.generation === generation) return pending.promise;
    const promise = load().then(
      (value) => {
        if (this.#loading.get(key)?.promise === promise) this.#loading.delete(key);
        if (generation === this.#generation && this.#isListening()) {
          this.#entries.set(key, { value, validUntil: performance.now() + this.maxAgeMs });
        }
        return value;
      },
      (error: unknown) => {
        if (this.#loading.get(key)?.promise === promise) this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, { generation, promise });
    return promise;
  }

  forgetAll(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#loading.clear();
  }

  /** The change bus's handler. */
  readonly onChange = (change: Change | 'everything'): void => {
    if (change === 'everything' || change.topic === 'catalog') this.forgetAll();
  };
}
