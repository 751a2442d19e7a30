import { paymentsMessages } from '@stratus/contract';
import type zhCN from '../zh-CN/payments.ts';

export default {
  // Words the server writes too (CSV exports): one catalogue, in the contract.
  ...paymentsMessages['en-US'],
  'payments.checkout.amount': 'Amount due',
  'payments.checkout.channel': 'Payment method',
  'payments.checkout.createdAt': 'Created',
  'payments.checkout.paymentId': 'Payment no.',
  'payments.checkout.expiresIn': 'Time left to pay',
  'payments.checkout.sandboxNotice':
    'This is the sandbox cashier: confirming credits the payment through the same verified path as a real callback.',
  'payments.checkout.externalNotice':
    'Complete the payment on the provider page; this page picks up the result by itself.',
  'payments.checkout.openPayUrl': 'Go to the payment page',
  'payments.wechat.scan': 'Open WeChat and scan the QR code above to pay',
  'payments.wechat.scanFromAlbum':
    'Save the QR code, then in WeChat tap Scan and pick the image from your album to pay',
  'payments.wechat.saveImage': 'Save QR code image',
  'payments.wechat.autoRefresh': 'This page moves on by itself once you have paid',
  'payments.checkout.confirm': 'Confirm payment',
  'payments.checkout.cancel': 'Cancel',
  'payments.checkout.cancelConfirm': 'Cancel this payment?',
  'payments.checkout.cancelKeep': 'Keep paying',
  'payments.checkout.cancelled': 'The payment was cancelled',
  'payments.checkout.waiting': 'Waiting for the payment…',
  'payments.checkout.expired.title': 'The payment has expired',
  'payments.checkout.expired.description': 'This payment is no longer valid; start a new top-up.',
  'payments.checkout.closed.title': 'The payment is closed',
  'payments.checkout.closed.description':
    'This payment was cancelled or expired; nothing was charged.',
  'payments.checkout.missing.title': 'Payment not found',
  'payments.checkout.missing.description':
    'The payment link is invalid or no longer valid; start again from the top-up page.',
  'payments.backToRecharge': 'Back to top-up',
  'payments.result.checking': 'Confirming the payment…',
  'payments.result.success.title': 'Top-up successful',
  'payments.result.success.amount': 'Amount',
  'payments.result.success.balance': 'New balance',
  'payments.result.closed.title': 'The payment was not completed',
  'payments.result.closed.description':
    'This payment is closed and nothing was charged. Start a new top-up if you still need one.',
  'payments.result.failed.title': 'The payment result is unavailable',
  'payments.result.failed.description':
    'Check the billing records later, or go back to the top-up page.',
  'payments.result.overview': 'Back to console',
  'payments.result.records': 'Billing records',
  'payments.result.again': 'Top up again',
} satisfies Record<keyof typeof zhCN, string>;
