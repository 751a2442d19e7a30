// The `security.new_sign_in` notice on both engines: a password sign-in from an address the
// account has not signed in from is mailed once, in the account's language; the sign-up's own
// address and an account's very first sign-in are not.
import { login, register } from '@stratus/contract';
import { and, eq, knownSignInAddresses, messages, sessions, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { forgetSignUpMail } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0';

let addressCounter = 0;
/** A client address of this test's own. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.77.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

describe.each(testEngines)('the new sign-in notice on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());
  const db = () => testApp.database.db;

  const signIn = async (email: string, remoteAddress: string, userAgent = CHROME_ON_WINDOWS) => {
    const response = await callEndpoint(testApp.app, login, {
      body: { email, password: testPassword },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const noticesTo = (userId: string) =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.event, 'security.new_sign_in')));

  /** A customer signed up through the API from an address of its own; answers it and that address. */
  const signUp = async () => {
    const address = freshAddress();
    const email = uniqueEmail('newsignin');
    const response = await callEndpoint(testApp.app, register, {
      body: { email, password: testPassword },
      headers: { 'user-agent': CHROME_ON_WINDOWS },
      remoteAddress: address,
    });
    const customer = { id: response.data().user.id, email };
    await forgetSignUpMail(db(), customer.id);
    return { customer, address };
  };

  it('is not sent for signing in from the sign-up’s address, nor again from a known one', async () => {
    const { customer, address } = await signUp();
    await signIn(customer.email, address);
    await signIn(customer.email, address);
    expect(await noticesTo(customer.id)).toEqual([]);
  });

  it('mails a sign-in from a new address once, with where, when and what', async () => {
    const { customer } = await signUp();
    const elsewhere = freshAddress();
    const before = Date.now();
    await signIn(customer.email, elsewhere);
    const [notice, ...more] = await noticesTo(customer.id);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      state: 'queued',
      locale: 'zh-CN',
      subject: 'Stratus 账户在新的地址登录',
      toAddress: customer.email,
      actionUrl: '/console/overview?profile=1',
    });
    expect(notice!.textBody).toContain(`登录地址：${elsewhere}；设备：Windows 上的 Chrome。`);
    expect(notice!.textBody).toContain('如果不是，请立即修改密码');
    const data = notice!.data as { address: string; userAgent: string; signedInAt: string };
    expect(data).toEqual({
      address: elsewhere,
      userAgent: CHROME_ON_WINDOWS,
      signedInAt: expect.any(String),
    });
    expect(Date.parse(data.signedInAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(data.signedInAt)).toBeLessThanOrEqual(Date.now() + 1000);

    await signIn(customer.email, elsewhere);
    expect(await noticesTo(customer.id)).toHaveLength(1);
  });

  it('speaks the account’s language', async () => {
    const { customer } = await signUp();
    await db().update(users).set({ language: 'en-US' }).where(eq(users.id, customer.id));
    await signIn(customer.email, freshAddress(), FIREFOX_ON_MAC);
    const [notice] = await noticesTo(customer.id);
    expect(notice?.subject).toBe('New sign-in to your Stratus account');
    expect(notice?.textBody).toContain('device: Firefox on macOS.');
    expect(notice?.textBody).toContain('If it was not, change your password now.');
  });

  it('is not sent for the first sign-in of an account that never signed in', async () => {
    // As an operator-made account: no session and no known address yet.
    const { customer } = await signUp();
    await db().delete(sessions).where(eq(sessions.userId, customer.id));
    await db().delete(knownSignInAddresses).where(eq(knownSignInAddresses.userId, customer.id));
    const first = freshAddress();
    await signIn(customer.email, first);
    expect(await noticesTo(customer.id)).toEqual([]);
    await signIn(customer.email, freshAddress());
    expect(await noticesTo(customer.id)).toHaveLength(1);
  });
});
