// `balance.changed`: a refund or an operator's adjustment moved the balance; the customer is told
// by how much, why (the reason as the operator wrote it) and what is left, in the transaction
// that moved it.
import { balanceChangeLabels, type BalanceChangeKind } from '@stratus/contract';
import type { Tx } from '@stratus/db';
import { mailYuan, queueUserMail } from '../messages/public.ts';
import type { LedgerEntryRow } from './repo.ts';

export async function mailBalanceChanged(
  tx: Tx,
  {
    kind,
    entry,
    reason,
  }: {
    kind: BalanceChangeKind;
    /** The ledger row of the change. */
    entry: Pick<LedgerEntryRow, 'id' | 'userId' | 'amountFen' | 'balanceAfterFen'>;
    reason: string;
  },
): Promise<void> {
  const sign = entry.amountFen > 0n ? '+' : '';
  await queueUserMail(tx, {
    userId: entry.userId,
    template: 'balance.changed',
    values: (locale) => ({
      kind: balanceChangeLabels[locale][kind],
      change: `${sign}${mailYuan(entry.amountFen)}`,
      balance: mailYuan(entry.balanceAfterFen),
      reason: reason.trim() || '—',
    }),
    data: {
      kind,
      ledgerEntryId: entry.id,
      amountFen: entry.amountFen.toString(),
      balanceFen: entry.balanceAfterFen.toString(),
      reason,
    },
    path: '/console/businessFlow',
    dedupeKey: `balance.changed:${entry.userId}:${entry.id}`,
  });
}
