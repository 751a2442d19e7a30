import type { LedgerPurchase } from '@stratus/contract';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ipAddresses,
  ledgerEntries,
  lt,
  lte,
  orderItems,
  orders,
  payments,
  preparedPerDatabase,
  proxyInstances,
  sql,
  wallets,
  type Db,
  type Tx,
  type LedgerEntryKind,
  type SQL,
} from '@stratus/db';

export type WalletRow = typeof wallets.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

const selectWallet = preparedPerDatabase((db: Db) =>
  db
    .select()
    .from(wallets)
    .where(eq(wallets.userId, sql.placeholder('userId')))
    .prepare('find_wallet'),
);

export async function findWallet(db: Db, userId: string): Promise<WalletRow | undefined> {
  const [wallet] = await selectWallet(db).execute({ userId });
  return wallet;
}

// Prepared (prepared.ts): every GET /api/user/wallet runs it. The balance alone: the whole row
// also parsed a timestamp nobody reads.
const selectBalance = preparedPerDatabase((db: Db) =>
  db
    .select({ balanceFen: wallets.balanceFen })
    .from(wallets)
    .where(eq(wallets.userId, sql.placeholder('userId')))
    .prepare('find_wallet_balance'),
);

/** A wallet's balance in fen, or undefined when the user has no wallet. */
export async function findBalanceFen(db: Db, userId: string): Promise<bigint | undefined> {
  const [wallet] = await selectBalance(db).execute({ userId });
  return wallet?.balanceFen;
}

/** Every user has one wallet, made with the account at a zero balance. */
export async function insertWallet(db: Db, userId: string): Promise<void> {
  await db.insert(wallets).values({ userId });
}

/**
 * What a balance change is made of, as SQL: each part defaults to its placeholder (`userId`,
 * `amountFen` signed as text, `type`, `reference`, `note`), and a statement that works one out
 * itself (a purchase's price read in the same statement) gives it here. `onlyIf`: a condition
 * without which the balance does not change (and so nothing depending on it is written).
 */
export interface BalanceChangeParts {
  userId?: SQL;
  amountFen?: SQL;
  type?: SQL;
  reference?: SQL;
  note?: SQL;
  onlyIf?: SQL;
}

/**
 * `moveBalance`'s two parts as CTEs, for a statement of its own or one that does more once the
 * money moved (a purchase of one IP: its order and IP in the same statement,
 * orders/purchase-statement.ts): `changed`, the wallet's UPDATE, which returns its row only when
 * the balance covers the change, and `ledgerEntry`, the ledger row written from that UPDATE's
 * result (none without it). Both must be named in the statement's `with(…)`; a statement that
 * writes anything else should make it depend on `changed` too, so that a refused debit writes
 * nothing. The one way a balance changes: `moveBalance` runs the same two parts.
 */
export function balanceChangeCtes(tx: Tx | Db, parts: BalanceChangeParts = {}) {
  const values = balanceChangeValues(parts);
  const changed = changedWallet(tx, values);
  const ledgerEntry = tx
    .$with('ledger_entry')
    .as(tx.insert(ledgerEntries).select(ledgerEntryFrom(changed, values)).returning());
  return { changed, ledgerEntry };
}

function balanceChangeValues(
  parts: BalanceChangeParts,
): Required<Omit<BalanceChangeParts, 'onlyIf'>> & { onlyIf?: SQL } {
  return {
    userId: parts.userId ?? sql`${sql.placeholder('userId')}`,
    amountFen: parts.amountFen ?? sql`${sql.placeholder('amountFen')}::bigint`,
    type: parts.type ?? sql`${sql.placeholder('type')}`,
    reference: parts.reference ?? sql`${sql.placeholder('reference')}`,
    note: parts.note ?? sql`${sql.placeholder('note')}`,
    onlyIf: parts.onlyIf,
  };
}

type BalanceChangeValues = ReturnType<typeof balanceChangeValues>;

function changedWallet(tx: Tx | Db, { userId, amountFen, onlyIf }: BalanceChangeValues) {
  return tx.$with('changed').as(
    tx
      .update(wallets)
      .set({ balanceFen: sql`${wallets.balanceFen} + ${amountFen}`, updatedAt: sql`now()` })
      .where(
        and(eq(wallets.userId, userId), sql`${wallets.balanceFen} + ${amountFen} >= 0`, onlyIf),
      )
      .returning({ balanceFen: wallets.balanceFen }),
  );
}

// drizzle's INSERT … SELECT names every column in table order, so the SELECT lists them all:
// id, user_id, type, amount_fen, balance_after_fen, reference, note, created_at. A column added
// to the table makes this statement fail loudly rather than write a wrong row.
// clock_timestamp(), not now(): several changes in one transaction still sort in their order.
function ledgerEntryFrom(
  changed: ReturnType<typeof changedWallet>,
  { userId, type, amountFen, reference, note }: BalanceChangeValues,
) {
  return sql`select gen_random_uuid(), ${userId}::uuid, ${type}, ${amountFen}::bigint, ${changed.balanceFen}, ${reference}, ${note}, clock_timestamp() from ${changed}`;
}

// Prepared (prepared.ts): every purchase, renewal and top-up runs it.
const moveBalanceStatement = preparedPerDatabase((tx: Tx) => {
  const values = balanceChangeValues({});
  const changed = changedWallet(tx, values);
  return tx
    .with(changed)
    .insert(ledgerEntries)
    .select(ledgerEntryFrom(changed, values))
    .returning()
    .prepare('move_balance');
});

/**
 * Adds `amountFen` (signed) to the balance and writes its ledger row, in ONE statement: the
 * UPDATE (a CTE) moves the balance only if the result stays >= 0, and the INSERT writes the row
 * from the balance that UPDATE returned. The arithmetic happens in the UPDATE itself, so
 * concurrent changes queue on the wallet's row lock instead of overwriting each other. Undefined
 * (and nothing written) when the wallet could not cover the debit.
 *
 * One statement rather than an UPDATE then an INSERT: a purchase waits on the wallet's row lock
 * behind every other purchase of that wallet, so each round trip it saves inside the lock is
 * saved once per queued purchase.
 */
export async function moveBalance(
  tx: Tx,
  entry: {
    userId: string;
    type: LedgerEntryKind;
    amountFen: bigint;
    reference: string | null;
    note: string;
  },
): Promise<LedgerEntryRow | undefined> {
  const [row] = await moveBalanceStatement(tx).execute({
    userId: entry.userId,
    type: entry.type,
    amountFen: entry.amountFen.toString(),
    reference: entry.reference,
    note: entry.note,
  });
  return row;
}

export interface LedgerFilter {
  userId: string;
  type?: LedgerEntryKind;
  /** Inclusive lower bound. */
  from?: Date;
  /** Upper bound; `toInclusive` says whether a row exactly at it belongs. */
  to?: Date;
  toInclusive?: boolean;
}

function ledgerConditions(filter: LedgerFilter): SQL | undefined {
  return and(
    eq(ledgerEntries.userId, filter.userId),
    filter.type ? eq(ledgerEntries.type, filter.type) : undefined,
    filter.from ? gte(ledgerEntries.createdAt, filter.from) : undefined,
    filter.to
      ? filter.toInclusive
        ? lte(ledgerEntries.createdAt, filter.to)
        : lt(ledgerEntries.createdAt, filter.to)
      : undefined,
  );
}

/** A ledger row as listed: with what a static-IP purchase or renewal bought. */
export type LedgerListRow = LedgerEntryRow & { purchase: LedgerPurchase | null };

/**
 * What the order of a static-IP purchase or renewal row bought (its reference is the order
 * number): the first line's region, line and duration, the IPs ordered, and a renewal's IPs.
 * Read from the order rather than written into the note, so the rows from before say it too.
 */
const purchaseOfRow = sql<LedgerPurchase | null>`(
  select json_build_object(
    'countryNameZh', coalesce(${orderItems.countryNameZh}, ''),
    'countryNameEn', coalesce(${orderItems.countryNameEn}, ''),
    'cityNameZh', coalesce(${orderItems.cityNameZh}, ''),
    'cityNameEn', coalesce(${orderItems.cityNameEn}, ''),
    'lineType', ${orderItems.lineType},
    'durationDays', ${orderItems.durationDays},
    'quantity', (select sum(line.quantity) from ${orderItems} line where line.order_id = ${orders.id}),
    'ips', coalesce((
      select json_agg(address.address order by address.address)
      from ${orderItems} line
      join ${proxyInstances} instance on instance.id = line.instance_id
      join ${ipAddresses} address on address.id = instance.ip_address_id
      where line.order_id = ${orders.id}
    ), '[]'::json)
  )
  from ${orders}
  join ${orderItems} on ${orderItems.orderId} = ${orders.id}
  where ${ledgerEntries.type} in ('static_ip_purchase', 'renewal')
    and ${orders.orderNo} = ${ledgerEntries.reference}
    and ${orders.userId} = ${ledgerEntries.userId}
    and ${orderItems.lineType} is not null
  order by ${orderItems.id}
  limit 1
)`;

/**
 * Matching ledger rows, newest first. A top-up's `reference` is its payment's readable number
 * (`TP…`) rather than the payment id it stores, which people could not match with anything.
 */
export async function listLedgerEntries(
  db: Db,
  filter: LedgerFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<LedgerListRow[]> {
  return db
    .select({
      ...getTableColumns(ledgerEntries),
      reference: sql<string | null>`coalesce(${payments.paymentNo}, ${ledgerEntries.reference})`,
      purchase: purchaseOfRow,
    })
    .from(ledgerEntries)
    .leftJoin(
      payments,
      and(
        eq(ledgerEntries.type, 'topup'),
        // The payment's own user narrows the join to one customer's few payments; the id is
        // compared as text, as references of other kinds are not uuids.
        eq(payments.userId, ledgerEntries.userId),
        sql`${payments.id}::text = ${ledgerEntries.reference}`,
      ),
    )
    .where(ledgerConditions(filter))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit)
    .offset(offset);
}

export async function countLedgerEntries(db: Db, filter: LedgerFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(ledgerEntries)
    .where(ledgerConditions(filter));
  return row?.total ?? 0;
}
