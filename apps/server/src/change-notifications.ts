// The change-notification bus: how every API server learns that something its in-memory caches
// hold was changed, by itself or by another server on the same database.
//
// A writer announces a change inside its own transaction (`pg_notify`, which PostgreSQL delivers
// only on commit, to every listening connection: other servers, this one, and PGlite inside this
// process). The serving server does not wait for its own notification: after the commit it
// delivers the change locally at once, so its next request already sees it.
//
// Stock that purchases take is announced differently (`announceChangeSoon`): after the commit,
// coalesced, outside any transaction. PostgreSQL serialises the commits of notifying transactions
// (a database-wide lock from the notify queue's pre-commit through the commit's WAL flush), so a
// notification inside every purchase made purchases commit one at a time, each waiting for the
// previous one's disk flush.
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

/**
 * What changed: an account's authentication, what the catalog shows (plans, prices, stock), or
 * a node that has a connectivity check to run (its held poll answers at once).
 */
export type Change =
  { topic: 'auth'; userId: string } | { topic: 'catalog' } | { topic: 'nodeCheck'; nodeId: string };

/** A subscriber's answer to a change; `everything` means any cached value may be stale. */
export type ChangeHandler = (change: Change | 'everything') => void;

export const catalogChanged: Change = { topic: 'catalog' };

export function authChanged(userId: string): Change {
  return { topic: 'auth', userId };
}

export function nodeCheckAsked(nodeId: string): Change {
  return { topic: 'nodeCheck', nodeId };
}

/** How often a bus checks that its own notifications come back. */
export const HEARTBEAT_MS = 250;

const PING_PREFIX = 'ping:';
const MAX_PINGS_IN_FLIGHT = 64;

function encode(change: Change): string {
  switch (change.topic) {
    case 'auth':
      return `auth:${change.userId}`;
    case 'nodeCheck':
      return `check:${change.nodeId}`;
    case 'catalog':
      return 'catalog';
  }
}

function decode(payload: string): Change | 'everything' {
  if (payload === 'catalog') return catalogChanged;
  if (payload.startsWith('auth:')) return authChanged(payload.slice('auth:'.length));
  if (payload.startsWith('check:')) return nodeCheckAsked(payload.slice('check:'.length));
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

/** Stock changes reach the other servers at most this long after their commit (plus delivery). */
export const ANNOUNCE_SOON_MS = 100;

/**
 * After a commit that changed what `change` covers, when other servers may learn it a moment
 * late (stock: the catalog's counts are advisory, a purchase re-checks stock in its transaction):
 * this server's caches drop it now, and the other servers hear it from one notification sent
 * outside any transaction, at most every ANNOUNCE_SOON_MS whatever the commits meanwhile. Catalog
 * edits (prices, plans) announce in their transaction instead (`transactionAnnouncing`).
 *
 * Without a bus of this process on `db` (a transaction the caller holds, a script), it notifies
 * through `db` at once: inside that transaction, or right after the commit.
 */
export async function announceChangeSoon(db: Db, change: Change): Promise<void> {
  const [bus] = busesByDb.get(db) ?? [];
  if (!bus) {
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${encode(change)})`);
    return;
  }
  deliverChangeLocally(db, change);
  bus.announceSoon(change);
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
  readonly #onAnnounceError: (error: unknown) => void;
  /** Payloads `announceSoon` owes the other servers. */
  readonly #owed = new Set<string>();
  #announceTimer: NodeJS.Timeout | null = null;
  #announcing: Promise<void> | null = null;
  #lastAnnouncedAt = -Infinity;
  #announceFailing = false;

  /** `onAnnounceError`: a coalesced notification failed (it is sent again). */
  constructor(onAnnounceError: (error: unknown) => void = () => {}) {
    this.#onAnnounceError = onAnnounceError;
  }

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
    // Pings that never come back (a listener dead without noticing) must not pile up.
    if (this.#pingsSentAt.size >= MAX_PINGS_IN_FLIGHT) {
      const oldest = this.#pingsSentAt.keys().next();
      if (!oldest.done) this.#pingsSentAt.delete(oldest.value);
    }
    this.#pingsSentAt.set(sequence, performance.now());
    try {
      await db.execute(
        sql`select pg_notify(${CHANGES_CHANNEL}, ${`${PING_PREFIX}${this.#id}:${sequence}`}) as heartbeat`,
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

  /**
   * Owes the other servers `change`: sent outside any transaction, ANNOUNCE_SOON_MS after the
   * last notification at the latest, together with whatever else is owed by then.
   */
  announceSoon(change: Change): void {
    this.#owed.add(encode(change));
    // A notification already on its way may have been sent before this change committed: the
    // owed set is sent again after it (#announceOwed reschedules).
    if (this.#announceTimer || this.#announcing) return;
    this.#scheduleAnnouncement();
  }

  #scheduleAnnouncement(delayMs = ANNOUNCE_SOON_MS): void {
    const wait = Math.max(0, this.#lastAnnouncedAt + delayMs - performance.now());
    this.#announceTimer = setTimeout(() => {
      this.#announceTimer = null;
      void this.#announceOwed();
    }, wait);
  }

  /** Sends every owed payload in one statement, outside any transaction. */
  async #announceOwed(): Promise<void> {
    const db = this.#db;
    if (!db || this.#owed.size === 0 || this.#announcing) return;
    const payloads = [...this.#owed];
    this.#owed.clear();
    this.#lastAnnouncedAt = performance.now();
    const notifications = payloads.map((payload) => sql`pg_notify(${CHANGES_CHANNEL}, ${payload})`);
    this.#announcing = db.execute(sql`select ${sql.join(notifications, sql`, `)}`).then(
      () => {
        this.#announceFailing = false;
      },
      (error: unknown) => {
        for (const payload of payloads) this.#owed.add(payload);
        // Once per run of failures: the database is down or the pool exhausted, and retries
        // every few seconds would say the same.
        if (!this.#announceFailing) this.#onAnnounceError(error);
        this.#announceFailing = true;
      },
    );
    await this.#announcing;
    this.#announcing = null;
    if (this.#owed.size > 0 && !this.#announceTimer && this.#db) {
      this.#scheduleAnnouncement(this.#announceFailing ? 10 * ANNOUNCE_SOON_MS : ANNOUNCE_SOON_MS);
    }
  }

  /** Sends what is owed now (and waits for a notification on its way). */
  async flushAnnouncements(): Promise<void> {
    await this.#announcing;
    if (this.#announceTimer) clearTimeout(this.#announceTimer);
    this.#announceTimer = null;
    await this.#announceOwed();
  }

  async close(): Promise<void> {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    if (this.#db) busesByDb.get(this.#db)?.delete(this);
    // What this server owes the others goes before it stops (the database closes after).
    await this.flushAnnouncements();
    if (this.#announceTimer) clearTimeout(this.#announceTimer);
    this.#announceTimer = null;
    this.#db = null;
    await this.#listener?.close();
    this.#listener = null;
  }
}

/** Starts this app's bus before the routes whose caches subscribe to it; it stops with the app. */
export async function registerChangeBus(app: FastifyInstance, database: Database): Promise<void> {
  const bus = new ChangeBus((error) =>
    app.log.warn({ err: error }, 'could not announce stock changes to the other servers'),
  );
  await bus.start(database);
  app.decorate('changeBus', bus);
  app.addHook('onClose', () => bus.close());
}
