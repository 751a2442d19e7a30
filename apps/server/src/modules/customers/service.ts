// The operator console's customers: search, one customer's page (its tabs come from the modules
// that own the data, through their services), and support's actions, each audited in the
// transaction that makes it.
import {
  fenToYuan,
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomerInstance,
  type Instance,
  type Locale,
  type Page,
} from '@stratus/contract';
import type { AuditChanges, Db } from '@stratus/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/public.ts';
import { authChanged, deliverChangeLocally } from '../../change-notifications.ts';
import { revokeAllSessions } from '../auth/public.ts';
import { findDynamicAccount } from '../dynamic/public.ts';
import { resetInstancePassword } from '../instances/public.ts';
import { toJsonBytes } from '../../json-bytes.ts';
import {
  countCustomers,
  findCustomer,
  listCustomerSummaries,
  lockCustomer,
  setCustomerDisabled,
  type CustomerFilter,
  type CustomerSummaryRow,
  type UserRow,
} from './repo.ts';

// The customer lookups balance adjustments use: a staff account is not a customer.

function toAdminCustomer(row: CustomerSummaryRow): AdminCustomer {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.disabledAt ? 'disabled' : 'active',
    disabledAt: row.disabledAt?.toISOString() ?? null,
    balance: fenToYuan(row.balanceFen),
    liveIps: row.liveIps,
    trafficLeftBytes: toJsonBytes(row.trafficLeftBytes),
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export async function listCustomers({
  db,
  query,
}: {
  db: Db;
  query: Omit<CustomerFilter, 'id'> & { page: number; pageSize: number };
}): Promise<Page<AdminCustomer>> {
  const { page, pageSize, ...filter } = query;
  const [rows, total] = await Promise.all([
    listCustomerSummaries(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    countCustomers(db, filter),
  ]);
  return { items: rows.map(toAdminCustomer), total, page, pageSize };
}

/** The customer's row; `customerNotFound` for an unknown id and for a staff member's. */
export async function requireCustomer(db: Db, id: string): Promise<UserRow> {
  const customer = await findCustomer(db, id);
  if (!customer) throw new AppError('customerNotFound');
  return customer;
}

export async function getCustomer({
  db,
  config,
  id,
}: {
  db: Db;
  config: Config;
  id: string;
}): Promise<AdminCustomerDetail> {
  const [row] = await listCustomerSummaries(db, { id }, { limit: 1, offset: 0 });
  if (!row) throw new AppError('customerNotFound');
  const dynamicAccount = await findDynamicAccount(db, id);
  return {
    ...toAdminCustomer(row),
    language: row.language,
    dynamicAccount: dynamicAccount?.account ?? null,
    adjustmentApprovalThreshold: fenToYuan(config.adjustmentApprovalThresholdFen),
  };
}

/**
 * Disables or enables a customer. Disabling also ends every live session: sign-in checks already
 * refuse a disabled account's sessions and API token at once, and the gateway snapshot leaves
 * out its proxies; revoking the sessions means enabling later does not bring them back.
 */
export async function setCustomerStatus({
  db,
  config,
  actor,
  id,
  disabled,
  reason = '',
}: {
  db: Db;
  config: Config;
  actor: StaffActor;
  id: string;
  disabled: boolean;
  reason?: string;
}): Promise<AdminCustomerDetail> {
  await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    if (!customer) throw new AppError('customerNotFound');
    if (disabled && customer.disabledAt) throw new AppError('customerAlreadyDisabled');
    if (!disabled && !customer.disabledAt) throw new AppError('customerNotDisabled');
    await setCustomerDisabled(tx, { id, disabled });
    const changes: AuditChanges = {
      status: {
        before: disabled ? 'active' : 'disabled',
        after: disabled ? 'disabled' : 'active',
      },
    };
    if (disabled) {
      const revoked = await revokeAllSessions({ tx, userId: id });
      if (revoked > 0) changes.liveSessions = { before: revoked, after: 0 };
    }
    await recordAudit({
      tx,
      actor,
      action: disabled ? 'customer.disable' : 'customer.enable',
      target: { type: 'user', id },
      changes,
      reason,
    });
  });
  // The account's sessions and API token are refused from now on, on this server too.
  if (disabled) deliverChangeLocally(db, authChanged(id));
  return getCustomer({ db, config, id });
}

/** Ends every live session of the customer ("sign out everywhere"); their API token stays. */
export async function signOutCustomer({
  db,
  actor,
  id,
  reason = '',
}: {
  db: Db;
  actor: StaffActor;
  id: string;
  reason?: string;
}): Promise<{ revokedSessions: number }> {
  const signedOut = await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    if (!customer) throw new AppError('customerNotFound');
    const revokedSessions = await revokeAllSessions({ tx, userId: id });
    await recordAudit({
      tx,
      actor,
      action: 'customer.sign_out',
      target: { type: 'user', id },
      changes: { liveSessions: { before: revokedSessions, after: 0 } },
      reason,
    });
    return { revokedSessions };
  });
  deliverChangeLocally(db, authChanged(id));
  return signedOut;
}

/** An instance as operators see it: everything but the proxy credentials. */
export function toAdminInstance(instance: Instance): AdminCustomerInstance {
  return {
    id: instance.id,
    ip: instance.ip,
    port: instance.port,
    vmessPort: instance.vmessPort,
    protocols: instance.protocols,
    country: instance.country,
    countryName: instance.countryName,
    city: instance.city,
    lineType: instance.lineType,
    remark: instance.remark,
    status: instance.status,
    autoRenew: instance.autoRenew,
    renewalWarning: instance.renewalWarning,
    createdAt: instance.createdAt,
    expiresAt: instance.expiresAt,
  };
}

/**
 * Gives one of the customer's static IPs a new proxy password, through the same service as the
 * customer's own reset. The audit entry says that it changed, never what it is.
 */
export async function resetCustomerProxyPassword({
  db,
  actor,
  customerId,
  instanceId,
  locale,
}: {
  db: Db;
  actor: StaffActor;
  customerId: string;
  instanceId: string;
  locale: Locale;
}): Promise<AdminCustomerInstance> {
  return db.transaction(async (tx) => {
    if (!(await findCustomer(tx, customerId))) throw new AppError('customerNotFound');
    // `instanceNotFound` when the instance is not this customer's.
    const instance = await resetInstancePassword({
      db: tx,
      userId: customerId,
      instanceId,
      locale,
    });
    await recordAudit({
      tx,
      actor,
      action: 'customer.reset_proxy_password',
      target: { type: 'instance', id: instanceId },
      changes: { password: { before: '[redacted]', after: '[redacted, new]' } },
    });
    return toAdminInstance(instance);
  });
}
