import type { MessageKey } from '../../locales/index.ts';

/** The failures the auto-renew job records on an instance (the error kinds it warns with). */
const knownReasons = {
  insufficientBalance: 'adminOrders.renewalFailure.reason.insufficientBalance',
  durationNotOffered: 'adminOrders.renewalFailure.reason.durationNotOffered',
  instanceNotRenewable: 'adminOrders.renewalFailure.reason.instanceNotRenewable',
} as const satisfies Record<string, MessageKey>;

/** The message key wording a renewal warning; an unknown one is shown as its code. */
export function renewalFailureReasonKey(warning: string): MessageKey {
  return Object.hasOwn(knownReasons, warning)
    ? knownReasons[warning as keyof typeof knownReasons]
    : 'adminOrders.renewalFailure.reason.unknown';
}
