// The change-notification bus: how every API server learns that something its in-memory caches
// hold was changed, by itself or by another server on the same database.
//
// A writer announces a change inside its own transaction (`pg_notify`, which PostgreSQL delivers
// only on commit, to every listening connection: other servers, this one, and PGlite inside this
// process). The serving server does not wait for its own notification: after the commit it
// delivers the change locally at once, so its next request already sees it.
//
// Every bus also sends itself a heartbeat a few times a second. PostgreSQL delivers the
// notifications of different transactions in the order they committed, so when a ping sent at
// time T comes back, every change committed before T has been delivered here: `deliveredUpTo`.
// A cache may keep an entry longer than its unconfirmed bound while that moment stays recent.
import { randomUUID } from 'node:crypto';
import { sql, type Database, type Db, type NotificationListener, type Tx } from '@stratus/db';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes made by any server on this database, for the in-memory caches to drop. */
    changeBus: ChangeBus;
  }
}

/** The one channel every server listens on. */
export const CHANGES_CHANNEL = 'stratus_changes';

/** What changed: an account's authentication, or what the catalog shows (plans, prices, stock). */
export type Change = { topic: 'auth'; userId: string } | { topic: 'catalog' };

/** A subscriber's answer to a change; `everything` means any cached value may be stale. */
export type ChangeHandler = (change: Change | 'everything') => void;

export const catalogChanged: Change = { topic: 'catalog' };

export function authChanged(userId: string): Change {
  return { topic: 'auth', userId };
}

/** How often a bus checks that its own notifications come back. */
export const HEARTBEAT_MS = 250;

const PING_PREFIX = 'ping:';

function encode(change: Change): string {
  return change.topic === 'auth' ? `auth:${change.userId}` : 'catalog';
}

function decode(payload: string): Change | 'everything' {
  if (payload === 'catalog') return catalogChanged;
  if (payload.startsWith('auth:')) return authChanged(payload.slice('auth:'.length));
  // Unknown (a newer server's topic): dropping everything is always safe.
  return 'everything';
}

/**
 * Announces `change` to every server, sent when `tx` commits (and never if it rolls back). Call
 * `deliverChangeLocally` after the commit for this server's own caches.
 */
export async function announceChange(tx: Tx, change: Change): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${encode(change)})`);
}

/**
 * Runs `write` in a transaction that announces `change` on commit, then delivers it to this
 * process's caches: the writer's own next request already sees the change.
 */
export async function transactionAnnouncing<T>(
  db: Db,
  change: Change,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const written = await write(tx);
    await announceChange(tx, change);
    return written;
  });
  deliverChangeLocally(db, change);
  return result;
}

// The buses of this process by the database they listen on, so a service that committed holds
// only `db` and still reaches its server's caches (tests may build several apps on one database).
const busesByDb = new WeakMap<Db, Set<ChangeBus>>();

/** After a commit that announced `change`: this process's caches drop it now, not a moment later. */
export function deliverChangeLocally(db: Db, change: Change): void {
  for (const bus of busesByDb.get(db) ?? []) bus.deliver(change);
}

export class ChangeBus {
  readonly #handlers = new Set<ChangeHandler>();
  #listener: NotificationListener | null = null;
  #db: Db | null = null;
  /** Tells this bus's pings from other servers' (which every listener receives too). */
  readonly #id = randomUUID();
  /** `performance.now()` just before each ping still on its way back, by sequence number. */
  readonly #pingsSentAt = new Map<number, number>();
  #lastPing = 0;
  #deliveredUpTo = -Infinity;
  #heartbeat: NodeJS.Timeout | null = null;

  /** Starts listening; caches must not keep anything while `listening` is false. */
  async start(database: Database): Promise<void> {
    this.#db = database.db;
    const buses = busesByDb.get(database.db) ?? new Set();
    buses.add(this);
    busesByDb.set(database.db, buses);
    this.#listener = await database.listen(CHANGES_CHANNEL, {
      onNotification: (payload) => {
        if (payload.startsWith(PING_PREFIX)) this.#onPing(payload.slice(PING_PREFIX.length));
        else this.deliver(decode(payload));
      },
      // While the connection is down nothing arrives, and what was sent meanwhile is lost.
      onDisconnect: () => this.deliver('everything'),
      onReconnect: () => this.deliver('everything'),
    });
    this.#heartbeat = setInterval(() => void this.#ping(), HEARTBEAT_MS);
    this.#heartbeat.unref();
    void this.#ping();
  }

  /**
   * A moment (`performance.now()`) before which every change committed on the database has been
   * delivered to this bus; -Infinity until the first heartbeat comes back. It stops advancing
   * while notifications do not arrive (a dropped listener, a database that does not answer).
   */
  get deliveredUpTo(): number {
    return this.#deliveredUpTo;
  }

  async #ping(): Promise<void> {
    const db = this.#db;
    if (!db || !this.listening) return;
    this.#lastPing += 1;
    const sequence = this.#lastPing;
    this.#pingsSentAt.set(sequence, performance.now());
    try {
      await db.execute(
        sql`select pg_notify(${CHANGES_CHANNEL}, ${`${PING_PREFIX}${this.#id}:${sequence}`})`,
      );
    } catch {
      // Unconfirmed until a later ping gets through: caches fall back to their short bound.
      this.#pingsSentAt.delete(sequence);
    }
  }

  #onPing(body: string): void {
    const separator = body.lastIndexOf(':');
    if (body.slice(0, separator) !== this.#id) return;
    const sequence = Number(body.slice(separator + 1));
    const sentAt = this.#pingsSentAt.get(sequence);
    if (sentAt === undefined) return;
    this.#deliveredUpTo = Math.max(this.#deliveredUpTo, sentAt);
    for (const earlier of this.#pingsSentAt.keys()) {
      if (earlier <= sequence) this.#pingsSentAt.delete(earlier);
    }
  }

  /** Whether notifications arrive now; a cache relying on them keeps nothing otherwise. */
  get listening(): boolean {
    return this.#listener?.listening ?? false;
  }

  subscribe(handler: ChangeHandler): void {
    this.#handlers.add(handler);
  }

  deliver(change: Change | 'everything'): void {
    for (const handler of this.#handlers) handler(change);
  }

  async close(): Promise<void> {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    if (this.#db) busesByDb.get(this.#db)?.delete(this);
    await this.#listener?.close();
    this.#listener = null;
  }
}

/** Starts this app's bus before the routes whose caches subscribe to it; it stops with the app. */
export async function registerChangeBus(app: FastifyInstance, database: Database): Promise<void> {
  const bus = new ChangeBus();
  await bus.start(database);
  app.decorate('changeBus', bus);
  app.addHook('onClose', () => bus.close());
}
