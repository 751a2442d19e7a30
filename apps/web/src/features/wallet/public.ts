// What other features may use of wallet (the only file they may import from it): the query keys
// every payment or purchase invalidates, so the balance shown is fresh.
export { walletKeys } from './api.ts';
// The ledger table, for the operator console's view of one customer's ledger.
export { TransactionTable } from './components/transaction-table.tsx';
