import type { Locale } from '@stratus/contract';
import enAuth from './en-US/auth.ts';
import enCommon from './en-US/common.ts';
import enHttp from './en-US/http.ts';
import enInstances from './en-US/instances.ts';
import enNav from './en-US/nav.ts';
import enOrders from './en-US/orders.ts';
import enPayments from './en-US/payments.ts';
import enUsers from './en-US/users.ts';
import enValidation from './en-US/validation.ts';
import enWallet from './en-US/wallet.ts';
import zhAuth from './zh-CN/auth.ts';
import zhCommon from './zh-CN/common.ts';
import zhHttp from './zh-CN/http.ts';
import zhInstances from './zh-CN/instances.ts';
import zhNav from './zh-CN/nav.ts';
import zhOrders from './zh-CN/orders.ts';
import zhPayments from './zh-CN/payments.ts';
import zhUsers from './zh-CN/users.ts';
import zhValidation from './zh-CN/validation.ts';
import zhWallet from './zh-CN/wallet.ts';

/** Locale files per domain; the completeness test walks this table. */
export const localeDomains = {
  auth: { 'zh-CN': zhAuth, 'en-US': enAuth },
  common: { 'zh-CN': zhCommon, 'en-US': enCommon },
  http: { 'zh-CN': zhHttp, 'en-US': enHttp },
  instances: { 'zh-CN': zhInstances, 'en-US': enInstances },
  nav: { 'zh-CN': zhNav, 'en-US': enNav },
  orders: { 'zh-CN': zhOrders, 'en-US': enOrders },
  payments: { 'zh-CN': zhPayments, 'en-US': enPayments },
  users: { 'zh-CN': zhUsers, 'en-US': enUsers },
  validation: { 'zh-CN': zhValidation, 'en-US': enValidation },
  wallet: { 'zh-CN': zhWallet, 'en-US': enWallet },
} satisfies Record<string, Record<Locale, Record<string, string>>>;

const zhMessages = {
  ...zhAuth,
  ...zhCommon,
  ...zhHttp,
  ...zhInstances,
  ...zhNav,
  ...zhOrders,
  ...zhPayments,
  ...zhUsers,
  ...zhValidation,
  ...zhWallet,
};

/** Every message key of the interface (flat, dotted: `<domain>.<what>`). */
export type MessageKey = keyof typeof zhMessages;

export const messages: Record<Locale, Record<MessageKey, string>> = {
  'zh-CN': zhMessages,
  'en-US': {
    ...enAuth,
    ...enCommon,
    ...enHttp,
    ...enInstances,
    ...enNav,
    ...enOrders,
    ...enPayments,
    ...enUsers,
    ...enValidation,
    ...enWallet,
  },
};

export type Messages = typeof zhMessages;
