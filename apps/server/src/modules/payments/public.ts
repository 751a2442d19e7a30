// The payments module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { alipaySigningString, signRsa2, verifyRsa2 } from './alipay.ts';
export type { PaymentChannels } from './channel-driver.ts';
export { createPaymentChannels } from './channels.ts';
export { closePayment, closePaymentUnasked } from './crediting.ts';
export { getReconciliation } from './reconciliation.ts';
export { mailReconciliationMismatches } from './reconciliation-alerts.ts';
export { claimDuePayments, findPaymentOfUser, findPaymentOfUserByNo } from './repo.ts';
export type { PaymentRow } from './repo.ts';
export { listPaymentsForOperator } from './service.ts';
