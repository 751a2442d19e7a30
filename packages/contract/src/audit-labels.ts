// How an audit entry reads: its action and actor role in the reader's language, its target and
// its changes as text. The console's audit page and the server's CSV export both call these, so an
// entry reads the same on screen and in the file.
import type { AuditActorRole } from './endpoints/admin-audit.ts';
import type { Translate } from './messages.ts';
import type { auditMessages } from './messages/audit.ts';
import type { AuditAction } from './permissions.ts';

/** The catalogue keys the audit log's labels use. */
type AuditMessageKey = keyof (typeof auditMessages)['zh-CN'];

/** The catalogue key of each action's label (a new action fails to compile until it has one). */
export const auditActionMessageKeys = {
  'staff.create': 'adminAudit.action.staff.create',
  'staff.update': 'adminAudit.action.staff.update',
  'staff.remove': 'adminAudit.action.staff.remove',
  'staff.reset_2fa': 'adminAudit.action.staff.reset_2fa',
  'customer.disable': 'adminAudit.action.customer.disable',
  'customer.enable': 'adminAudit.action.customer.enable',
  'customer.sign_out': 'adminAudit.action.customer.sign_out',
  'customer.reset_proxy_password': 'adminAudit.action.customer.reset_proxy_password',
  'balance.adjust': 'adminAudit.action.balance.adjust',
  'balance.request': 'adminAudit.action.balance.request',
  'balance.approve': 'adminAudit.action.balance.approve',
  'balance.reject': 'adminAudit.action.balance.reject',
  'order.refund': 'adminAudit.action.order.refund',
  'payment.sync': 'adminAudit.action.payment.sync',
  'payment.mark_paid': 'adminAudit.action.payment.mark_paid',
  'announcement.create': 'adminAudit.action.announcement.create',
  'announcement.update': 'adminAudit.action.announcement.update',
  'announcement.delete': 'adminAudit.action.announcement.delete',
  'region.create': 'adminAudit.action.region.create',
  'region.update': 'adminAudit.action.region.update',
  'plan.create': 'adminAudit.action.plan.create',
  'plan.update': 'adminAudit.action.plan.update',
  'plan.price': 'adminAudit.action.plan.price',
  'plan.delete': 'adminAudit.action.plan.delete',
  'traffic_plan.create': 'adminAudit.action.traffic_plan.create',
  'traffic_plan.update': 'adminAudit.action.traffic_plan.update',
  'traffic_plan.delete': 'adminAudit.action.traffic_plan.delete',
  'node.create': 'adminAudit.action.node.create',
  'node.rotate_key': 'adminAudit.action.node.rotate_key',
  'node.disable': 'adminAudit.action.node.disable',
  'node.enable': 'adminAudit.action.node.enable',
  'ip.import': 'adminAudit.action.ip.import',
  'ip.quarantine': 'adminAudit.action.ip.quarantine',
  'ip.release': 'adminAudit.action.ip.release',
  'ip.retire': 'adminAudit.action.ip.retire',
  'message.resend': 'adminAudit.action.message.resend',
  'message.test': 'adminAudit.action.message.test',
  'settings.update': 'adminAudit.action.settings.update',
} as const satisfies Record<AuditAction, AuditMessageKey>;

/** The label of an action in the translator's language. */
export function describeAuditAction(action: AuditAction, t: Translate<AuditMessageKey>): string {
  return t(auditActionMessageKeys[action]);
}

/** Who acted, in the translator's language: a staff role, or the command line. */
export function describeAuditActorRole(
  role: AuditActorRole,
  t: Translate<AuditMessageKey>,
): string {
  return t(`adminAudit.actorRole.${role}`);
}

/** The target as the log's filter takes it: `type:id`. */
export function formatAuditTarget(entry: { targetType: string; targetId: string }): string {
  return `${entry.targetType}:${entry.targetId}`;
}

/** An instant as writes record it (`Date#toISOString`, or with an offset). */
const RECORDED_INSTANT =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Writes a recorded instant as the reader's times are written: on the business clock. */
export type FormatAuditTime = (iso: string) => string;

/**
 * A recorded value as text: nothing as `—`, an instant through `formatTime` (the page and the CSV
 * show it on the business clock, as every other time), other strings as they are, anything
 * else as JSON.
 */
export function formatAuditValue(value: unknown, formatTime: FormatAuditTime): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'string') return JSON.stringify(value);
  return RECORDED_INSTANT.test(value) && !Number.isNaN(Date.parse(value))
    ? formatTime(value)
    : value;
}

/** Fields the operator writes record, with a label in the catalogue; others read as recorded. */
const labelledFields = new Set<string>([
  'role',
  'email',
  'status',
  'liveSessions',
  'amount',
  'balance',
  'customer',
  'refunded',
  'password',
  'providerTradeNo',
  'paidAt',
  'disabledAt',
  'titleZh',
  'titleEn',
  'bodyZh',
  'bodyEn',
  'severity',
  'startsAt',
  'endsAt',
  'country',
  'cityCode',
  'countryNameZh',
  'countryNameEn',
  'cityNameZh',
  'cityNameEn',
  'sortOrder',
  'region',
  'lineType',
  'protocols',
  'active',
  'lowStockMark',
  'price',
  'gb',
  'validityDays',
  'name',
  'host',
  'apiKey',
  'statusReason',
  'imported',
  'skipped',
  'regionsCreated',
  'to',
  'state',
  'attempts',
]);

/** Plan price changes record one field per duration: `price.30d` (the price for 30 days). */
export function priceFieldOf(durationDays: number): string {
  return `price.${durationDays}d`;
}
const PRICE_FIELD = /^price\.(\d+)d$/;

/** A changed field's name in the translator's language (an unknown field as recorded). */
export function describeAuditField(field: string, t: Translate<AuditMessageKey>): string {
  const price = PRICE_FIELD.exec(field);
  if (price) return t('adminAudit.field.priceForDays', { days: Number(price[1]) });
  return labelledFields.has(field) ? t(`adminAudit.field.${field}` as AuditMessageKey) : field;
}

/** One line per changed field: `角色: support → finance`, in the order they were recorded. */
export function describeAuditChanges(
  changes: Record<string, { before: unknown; after: unknown }>,
  t: Translate<AuditMessageKey>,
  formatTime: FormatAuditTime,
): string[] {
  return Object.entries(changes).map(
    ([field, { before, after }]) =>
      `${describeAuditField(field, t)}: ${formatAuditValue(before, formatTime)} → ${formatAuditValue(after, formatTime)}`,
  );
}
