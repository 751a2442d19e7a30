// THE one way an operation moves wallet money for an order: purchases, renewals and traffic debit
// through it (purchase-pipeline.ts), operator refunds credit through it (refunds.ts). The rules
// that hold for each of them live here once: all or nothing in one transaction, a repeat with
// the same `Idempotency-Key` moves money once and answers the first result, the same key with
// another request is refused, the money moves with its ledger row. An operation supplies only
// what differs, as plug-in steps: how much and for whom (`price`), what it records (`record`),
// what it delivers or takes back (`fulfil`), and where its keys are kept (an `IdempotencyStore`).
import type { LedgerEntryType } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { changeBalance } from '../wallet/public.ts';
import { claimOrReplay, requestFingerprint, type IdempotencyStore } from './idempotency.ts';

/** The ledger row `changeBalance` wrote, as the `record` step receives it. */
export type LedgerEntryRow = Awaited<ReturnType<typeof changeBalance>>;

/** What a `price` step answers: the balance change, and whatever the later steps need. */
export interface PricedMove {
  /** Whose wallet moves. */
  userId: string;
  /** Signed integer fen: negative debits (`insufficientBalance` refuses), positive credits. */
  amountFen: bigint;
  ledgerType: LedgerEntryType;
  /** The ledger row's reference: the order number. */
  reference: string;
  note?: string;
}

/**
 * What a `record` step wrote. `keyLinked`: it also linked the claimed idempotency key to `id` in
 * its own statement (a round trip fewer while the wallet row is locked); otherwise the move links
 * it through the store after `fulfil`.
 */
export interface RecordedMove {
  id: string;
  keyLinked?: boolean;
}

export interface MoneyMove<Priced extends PricedMove, Recorded extends RecordedMove> {
  /** The pool, or a transaction the caller holds: then the move runs as a savepoint in it. */
  db: Db;
  /** With a key, a repeat of the same request moves nothing and answers the first result. */
  idempotency?: {
    key: string;
    /**
     * What makes two requests "the same": the request's parts, hashed. Start them with the
     * operation's name, so one key can never replay another kind of operation.
     */
    fingerprint: readonly unknown[];
    store: IdempotencyStore;
  };
  /**
   * Works out who pays or is paid and how much, inside the transaction, after the key is ours
   * and before any money moves: lock here what must not change before `fulfil`, and throw
   * `AppError` to refuse.
   */
  price(tx: Tx): Promise<Priced>;
  /**
   * Writes what the move is (an order and its lines, a refund), once the ledger row exists.
   * `idempotencyKey`: the key this move claimed, which it may link to the record itself.
   */
  record(
    tx: Tx,
    move: { priced: Priced; ledgerEntry: LedgerEntryRow; idempotencyKey: string | undefined },
  ): Promise<Recorded>;
  /**
   * Optional, in place of the balance change and `record`: both in ONE statement (and more of
   * the move if it can), the balance and its ledger row changed exactly as `changeBalance` does.
   * Answers the record, or undefined when the balance could not cover the debit: it must then
   * have written nothing, and the move is refused with `insufficientBalance`. `fulfil` runs
   * after it all the same.
   */
  recordWithBalanceChange?(
    tx: Tx,
    move: { priced: Priced; idempotencyKey: string | undefined },
  ): Promise<Recorded | undefined>;
  /**
   * Delivers (or takes back) what the money was for. Throwing rolls everything back, the money,
   * its ledger row and the record included.
   */
  fulfil(tx: Tx, move: { priced: Priced; recorded: Recorded }): Promise<void>;
}

/**
 * Runs one money move in ONE transaction: claim the idempotency key (or replay its first result)
 * → `price` → the balance change with its ledger row → `record` (or both in one statement:
 * `recordWithBalanceChange`) → `fulfil` → link the key to the record. Any throw rolls all of it back, the key included.
 *
 * Resolves with the record's id, the first record's on a replay; the same key with another
 * fingerprint is refused with `idempotencyKeyReused`. Answer the caller from the record, never
 * from what `fulfil` saw: that way a repeat answers exactly like the original.
 */
export async function runMoneyMove<Priced extends PricedMove, Recorded extends RecordedMove>({
  db,
  idempotency,
  price,
  record,
  recordWithBalanceChange,
  fulfil,
}: MoneyMove<Priced, Recorded>): Promise<string> {
  return db.transaction(async (tx) => {
    const claim = idempotency && {
      store: idempotency.store,
      key: idempotency.key,
      requestHash: requestFingerprint(idempotency.fingerprint),
    };
    if (claim) {
      const earlierId = await claimOrReplay(tx, claim);
      if (earlierId) return earlierId;
    }

    const priced = await price(tx);
    if (priced.amountFen === 0n) throw new Error('a money move needs a non-zero amount');
    const recorded = recordWithBalanceChange
      ? await recordWithBalanceChange(tx, { priced, idempotencyKey: claim?.key })
      : await record(tx, {
          priced,
          ledgerEntry: await changeBalance({
            tx,
            userId: priced.userId,
            amountFen: priced.amountFen,
            type: priced.ledgerType,
            reference: priced.reference,
            note: priced.note,
          }),
          idempotencyKey: claim?.key,
        });
    // Justified: as `changeBalance` refuses, thrown inside the transaction (nothing was written).
    if (!recorded) throw new AppError('insufficientBalance');
    await fulfil(tx, { priced, recorded });

    if (claim && !recorded.keyLinked) {
      await claim.store.complete(tx, { ...claim, resultId: recorded.id });
    }
    return recorded.id;
  });
}
