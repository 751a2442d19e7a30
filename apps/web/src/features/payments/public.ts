// What other features may use of payments (the only file they may import from it): remembering
// the payment a top-up started, for the page the browser comes back to.
export { rememberPendingPayment } from './pending-payment.ts';
