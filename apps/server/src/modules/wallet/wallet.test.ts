import { API_PREFIX, getWallet } from '@stratus/contract';
import { eq, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

describe.each(testEngines)(`${getWallet.method} ${API_PREFIX}${getWallet.path} on %s`, (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('shows the balance in yuan, converted from fen', async () => {
    const { token, user } = await registerCustomer(testApp);
    await testApp.database.db
      .update(wallets)
      .set({ balanceFen: 1_234_567n })
      .where(eq(wallets.userId, user.id));
    const response = await callEndpoint(testApp.app, getWallet, { token });
    expect(response.json()).toEqual({
      code: 0,
      message: 'ok',
      data: { wallet: { balance: 12345.67, currency: 'CNY' } },
    });
  });

  it('shows only the caller’s own wallet', async () => {
    const rich = await registerCustomer(testApp);
    const poor = await registerCustomer(testApp);
    await testApp.database.db
      .update(wallets)
      .set({ balanceFen: 500n })
      .where(eq(wallets.userId, rich.user.id));
    const response = await callEndpoint(testApp.app, getWallet, { token: poor.user.apiToken });
    expect(response.data().wallet.balance).toBe(0);
  });

  it('requires a token', async () => {
    const response = await callEndpoint(testApp.app, getWallet);
    expect(response.statusCode).toBe(401);
  });
});
