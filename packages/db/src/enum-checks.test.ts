import {
  announcementSeverities,
  apiKeyScopes,
  CURRENCY,
  instanceCheckStatuses,
  instanceStatuses,
  ledgerEntryTypes,
  lineTypes,
  locales,
  messageStates,
  notificationCategories,
  notificationChannels,
  operatorSettingKeys,
  orderItemKinds,
  orderStatuses,
  orderTypes,
  paymentChannels,
  paymentStatuses,
  proxyProtocols,
  signInOutcomes,
  trafficPackageStatuses,
  usageKinds,
  userRoles,
  webhookDeliveryStates,
  webhookEvents,
} from '@stratus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from './index.ts';
import {
  authAttemptKinds,
  balanceAdjustmentStatuses,
  emailTokenPurposes,
  gatewayNodeStatuses,
  ipAddressStatuses,
  webauthnCeremonyPurposes,
} from './schema.ts';
import { createTestDatabase, testEngines, type TestDatabase } from './testing.ts';

/**
 * Every CHECK that holds a column to a list of values, and the list it must hold: the contract's
 * where the API speaks the same values, the schema's own for lists only the database knows.
 * A contract list that gains a value without a migration fails here.
 */
const expectedLists: Record<string, readonly string[]> = {
  users_role_check: userRoles,
  users_language_check: locales,
  wallets_currency_check: [CURRENCY],
  ledger_entries_type_check: ledgerEntryTypes,
  payments_currency_check: [CURRENCY],
  payments_channel_check: paymentChannels,
  payments_status_check: paymentStatuses,
  ip_addresses_line_type_check: lineTypes,
  static_ip_plans_line_type_check: lineTypes,
  order_items_line_type_check: lineTypes,
  static_ip_plans_protocols_check: proxyProtocols,
  proxy_instances_protocols_check: proxyProtocols,
  orders_type_check: orderTypes,
  orders_status_check: orderStatuses,
  order_items_kind_check: orderItemKinds,
  proxy_instances_status_check: instanceStatuses,
  traffic_packages_status_check: trafficPackageStatuses,
  usage_hourly_kind_check: usageKinds,
  auth_attempts_kind_check: authAttemptKinds,
  gateway_nodes_status_check: gatewayNodeStatuses,
  ip_addresses_status_check: ipAddressStatuses,
  payment_notifications_channel_check: paymentChannels,
  balance_adjustments_status_check: balanceAdjustmentStatuses,
  announcements_severity_check: announcementSeverities,
  instance_checks_status_check: instanceCheckStatuses,
  messages_state_check: messageStates,
  email_tokens_purpose_check: emailTokenPurposes,
  notification_preferences_category_check: notificationCategories,
  notification_preferences_channel_check: notificationChannels,
  messages_locale_check: locales,
  webhook_endpoints_events_check: webhookEvents,
  webhook_deliveries_event_check: webhookEvents,
  webhook_deliveries_state_check: webhookDeliveryStates,
  api_keys_scopes_check: apiKeyScopes,
  sign_in_events_outcome_check: signInOutcomes,
  webauthn_challenges_purpose_check: webauthnCeremonyPurposes,
  operator_settings_key_check: operatorSettingKeys,
};

/** The string literals of a constraint as PostgreSQL prints it: `'topup'::text` → `topup`. */
function literalsOf(definition: string): string[] {
  return [...definition.matchAll(/'((?:[^']|'')*)'::text/g)].map(([, text = '']) =>
    text.replaceAll("''", "'"),
  );
}

describe.each(testEngines)('CHECK value lists on %s', (engine) => {
  let database: TestDatabase;
  let checks: Map<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const rows = await queryRows<{ name: string; definition: string }>(
      database.db,
      sql`select conname as name, pg_get_constraintdef(oid) as definition
            from pg_constraint
           where contype = 'c' and connamespace = 'public'::regnamespace`,
    );
    checks = new Map(rows.map((row) => [row.name, row.definition]));
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(Object.entries(expectedLists))('%s holds the list the code uses', (name, values) => {
    const definition = checks.get(name);
    expect(definition, `no CHECK named ${name}`).toBeDefined();
    expect(literalsOf(definition ?? '').toSorted()).toEqual([...values].toSorted());
  });

  it('leaves no value-list CHECK out of the comparison', () => {
    // A column against values: `in (…)` prints as `= ANY (ARRAY[…])`, an array column's subset as
    // `<@ ARRAY[…]`, a single value as `= '…'::text`.
    const valueList = /^CHECK \(+\w+ (= ANY \(ARRAY\[|<@ ARRAY\[|= '[^']*'::text\)+$)/;
    const valueLists = [...checks]
      .filter(([, definition]) => valueList.test(definition))
      .map(([name]) => name);
    expect(valueLists.toSorted()).toEqual(Object.keys(expectedLists).toSorted());
  });
});
