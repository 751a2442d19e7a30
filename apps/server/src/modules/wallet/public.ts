// The wallet module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { formatLedgerCsv } from './csv.ts';
export { balanceChangeCtes, findWallet, insertWallet } from './repo.ts';
export { mailBalanceChanged } from './balance-mail.ts';
export { changeBalance, getWallet, listTransactions, toLedgerEntry } from './service.ts';
