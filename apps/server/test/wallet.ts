// Money in a test customer's wallet, put there as a top-up would.
import type { Db } from '@stratus/db';
import { changeBalance } from '../src/modules/wallet/public.ts';

/** Credits a wallet as a top-up would, ledger row included. */
export async function creditWallet(
  db: Db,
  { userId, amountFen }: { userId: string; amountFen: bigint },
): Promise<void> {
  await db.transaction((tx) =>
    changeBalance({ tx, userId, amountFen, type: 'topup', reference: 'test' }),
  );
}
