import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eq,
  ledgerEntries,
  migrateDatabase,
  payments,
  queryRows,
  sql,
  users,
  wallets,
} from './index.ts';
import { createTestDatabase, testEngines, type TestDatabase } from './testing.ts';

describe.each(testEngines)('database on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function insertUser(email: string) {
    const [user] = await database.db
      .insert(users)
      .values({ email, passwordHash: 'x', apiTokenHash: `hash-${email}`, apiTokenCiphertext: 'x' })
      .returning();
    if (!user) throw new Error('no user inserted');
    return user;
  }

  it('answers a ping and names its engine', async () => {
    expect(database.engine).toBe(engine);
    expect(await database.ping()).toBeGreaterThanOrEqual(0);
  });

  it('applies migrations idempotently', async () => {
    expect(await migrateDatabase(database)).toEqual({ applied: [] });
    expect(await migrateDatabase(database)).toEqual({ applied: [] });
    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((table) => table.name)).toEqual([
      'announcements',
      'api_keys',
      'audit_log',
      'auth_attempts',
      'balance_adjustments',
      'dynamic_proxy_accounts',
      'email_tokens',
      'gateway_nodes',
      'idempotency_keys',
      'instance_checks',
      'instance_replacements',
      'ip_address_events',
      'ip_addresses',
      'ip_allowlist_entries',
      'known_sign_in_addresses',
      'ledger_entries',
      'messages',
      'node_heartbeats',
      'notification_preferences',
      'operator_settings',
      'order_items',
      'order_refunds',
      'orders',
      'passkeys',
      'payment_notifications',
      'payments',
      'plan_prices',
      'proxy_instances',
      'rate_limit_windows',
      'recovery_codes',
      'regions',
      'replaced_api_tokens',
      'sessions',
      'sign_in_challenges',
      'sign_in_events',
      'static_ip_plans',
      'sub_users',
      'traffic_package_usage_hourly',
      'traffic_packages',
      'traffic_plans',
      'usage_batches',
      'usage_hourly',
      'used_proofs_of_work',
      'users',
      'wallets',
      'webauthn_challenges',
      'webhook_deliveries',
      'webhook_endpoints',
    ]);
  });

  it('rejects a duplicate email', async () => {
    await insertUser('same@example.com');
    await expect(insertUser('same@example.com')).rejects.toThrow();
  });

  it('rejects an email that is not stored normalised', async () => {
    await expect(insertUser('Upper@Example.com')).rejects.toThrow();
  });

  it('keeps a wallet balance from going negative', async () => {
    const user = await insertUser('wallet@example.com');
    await database.db.insert(wallets).values({ userId: user.id });
    const [wallet] = await database.db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(wallet?.balanceFen).toBe(0n);
    await expect(
      database.db.update(wallets).set({ balanceFen: -1n }).where(eq(wallets.userId, user.id)),
    ).rejects.toThrow();
    await database.db
      .update(wallets)
      .set({ balanceFen: sql`${wallets.balanceFen} + 150` })
      .where(eq(wallets.userId, user.id));
    const [credited] = await database.db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(credited?.balanceFen).toBe(150n);
  });

  it('deletes sessions and wallets with their user', async () => {
    const user = await insertUser('cascade@example.com');
    await database.db.insert(wallets).values({ userId: user.id });
    await database.db.delete(users).where(eq(users.id, user.id));
    const left = await database.db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(left).toEqual([]);
  });

  it('holds the ledger and payment rules even when code is wrong', async () => {
    const user = await insertUser('ledger@example.com');
    const entry = { userId: user.id, type: 'topup' as const, balanceAfterFen: 1n };
    await database.db.insert(ledgerEntries).values({ ...entry, amountFen: 1n });
    await expect(
      database.db.insert(ledgerEntries).values({ ...entry, amountFen: 0n }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(ledgerEntries).values({ ...entry, amountFen: -1n, balanceAfterFen: -1n }),
    ).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`insert into ledger_entries (user_id, type, amount_fen, balance_after_fen) values (${user.id}, 'gift', 1, 1)`,
      ),
    ).rejects.toThrow();

    const payment = { userId: user.id, channel: 'alipay' as const, expiresAt: new Date() };
    let paymentCount = 0;
    const nextPaymentNo = () => `TP20261124${String(++paymentCount).padStart(10, '0')}`;
    await expect(
      database.db
        .insert(payments)
        .values({ ...payment, paymentNo: nextPaymentNo(), amountFen: 0n }),
    ).rejects.toThrow();
    await database.db
      .insert(payments)
      .values({ ...payment, paymentNo: nextPaymentNo(), amountFen: 1n, providerTradeNo: 'T1' });
    await database.db
      .insert(payments)
      .values({ ...payment, paymentNo: nextPaymentNo(), amountFen: 1n });
    await database.db
      .insert(payments)
      .values({ ...payment, paymentNo: nextPaymentNo(), amountFen: 1n });
    await expect(
      database.db
        .insert(payments)
        .values({ ...payment, paymentNo: nextPaymentNo(), amountFen: 1n, providerTradeNo: 'T1' }),
    ).rejects.toThrow();
  });

  it('keeps `closed_at` for closed payments and the expiry lease for pending ones', async () => {
    const user = await insertUser('payment-states@example.com');
    let paymentCount = 0;
    const nextPaymentNo = () => `TP20261125${String(++paymentCount).padStart(10, '0')}`;
    const payment = {
      userId: user.id,
      channel: 'alipay' as const,
      amountFen: 1n,
      expiresAt: new Date(),
    };
    const at = new Date();
    const accepted = [
      {},
      { providerCheckLeasedUntil: at },
      { status: 'closed' as const, closedAt: at },
      { status: 'paid' as const, paidAt: at },
      // Paid at the provider after we had closed it: the close stays on record.
      { status: 'paid' as const, paidAt: at, closedAt: at },
    ];
    for (const values of accepted) {
      await database.db
        .insert(payments)
        .values({ ...payment, paymentNo: nextPaymentNo(), ...values });
    }
    const closedAtCheck = 'payments_closed_at_check';
    const leaseCheck = 'payments_provider_check_lease_pending_only';
    const refused = [
      // A pending payment is not closed, whatever a job wants to note in the column.
      [{ closedAt: at }, closedAtCheck],
      [{ status: 'closed' as const }, closedAtCheck],
      // Only a pending payment can be held by an expiry job.
      [{ status: 'closed' as const, closedAt: at, providerCheckLeasedUntil: at }, leaseCheck],
      [{ status: 'paid' as const, paidAt: at, providerCheckLeasedUntil: at }, leaseCheck],
    ] as const;
    for (const [values, constraint] of refused) {
      await expect(
        database.db.insert(payments).values({ ...payment, paymentNo: nextPaymentNo(), ...values }),
      ).rejects.toMatchObject({ cause: { constraint } });
    }
  });
});
