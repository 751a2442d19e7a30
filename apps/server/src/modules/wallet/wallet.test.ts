import { eq, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../testing.ts';

describe.each(testEngines)('GET /api/user/wallet on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('shows the balance in yuan, converted from fen', async () => {
    const { token, user } = await registerUser(testApp.app);
    await testApp.database.db
      .update(wallets)
      .set({ balanceFen: 1_234_567n })
      .where(eq(wallets.userId, user.id));
    const response = await testApp.app.inject({ url: '/api/user/wallet', headers: bearer(token) });
    expect(response.json()).toEqual({
      code: 0,
      message: 'ok',
      data: { wallet: { balance: 12345.67, currency: 'CNY' } },
    });
  });

  it('shows only the caller’s own wallet', async () => {
    const rich = await registerUser(testApp.app);
    const poor = await registerUser(testApp.app);
    await testApp.database.db
      .update(wallets)
      .set({ balanceFen: 500n })
      .where(eq(wallets.userId, rich.user.id));
    const response = await testApp.app.inject({
      url: '/api/user/wallet',
      headers: bearer(poor.user.apiToken),
    });
    expect(response.json().data.wallet.balance).toBe(0);
  });

  it('requires a token', async () => {
    const response = await testApp.app.inject({ url: '/api/user/wallet' });
    expect(response.statusCode).toBe(401);
  });
});
