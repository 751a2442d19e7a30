// Address verification and change of address through the API, on both engines: a sign-up mails
// one link in the account's language; a link works once, not after 24 hours, not after a newer
// one; links go out at most once a minute however many are asked for at once; while verification
// is required an unverified customer can neither top up nor buy, and nothing changes; a change of
// address needs the password and a free address, takes effect by the link mailed to the new
// address and tells the old one.
import {
  changeEmail,
  createStaticIpOrder,
  createTopUp,
  createTrafficOrder,
  getMe,
  login,
  register,
  renewInstance,
  renewInstances,
  resendVerificationEmail,
  verifyEmail,
} from '@stratus/contract';
import {
  and,
  emailTokens,
  eq,
  messages,
  orders,
  payments,
  sql,
  users,
  wallets,
  type Db,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { registerCustomer, sessionOf } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { seedTrafficPlan } from '../../../test/traffic.ts';

const english = { 'accept-language': 'en-US' };

/** The messages written for `to`, oldest first. */
async function mailTo(db: Db, to: string) {
  return db
    .select()
    .from(messages)
    .where(eq(messages.toAddress, to))
    .orderBy(messages.createdAt, messages.id);
}

/** The token of the newest address link (of `event`) mailed to `to`. */
async function newestLinkTokenOf(
  db: Db,
  to: string,
  event: 'account.verify_email' | 'account.email_change' = 'account.verify_email',
): Promise<string> {
  const mail = (await mailTo(db, to)).filter((row) => row.event === event);
  const url = mail.at(-1)?.actionUrl;
  if (!url) throw new Error(`no address link mailed to ${to}`);
  const token = new URL(url, 'http://link.test').searchParams.get('token');
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

/** Moves the account's address links back in time, as if `ms` had passed. */
async function ageLinks(db: Db, userId: string, ms: number) {
  const by = sql`${`${ms} milliseconds`}::interval`;
  await db
    .update(emailTokens)
    .set({
      createdAt: sql`${emailTokens.createdAt} - ${by}`,
      expiresAt: sql`${emailTokens.expiresAt} - ${by}`,
    })
    .where(eq(emailTokens.userId, userId));
}

describe.each(testEngines)('email verification on %s', (engine) => {
  let testApp: TestApp;
  let db: Db;

  beforeAll(async () => {
    testApp = await createTestApp(engine, { env: { EMAIL_VERIFICATION: 'required' } });
    db = testApp.database.db;
  });
  afterAll(() => testApp?.close());

  const verify = (token: string) =>
    callEndpoint(testApp.app, verifyEmail, { body: { token }, headers: english });
  const resend = (token: string) =>
    callEndpoint(testApp.app, resendVerificationEmail, { token, headers: english });
  const profileOf = async (token: string) =>
    (await callEndpoint(testApp.app, getMe, { token })).data();

  it('mails one verification link at sign-up, in the language the account chose', async () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const email = uniqueEmail('signup');
      const signedUp = await callEndpoint(testApp.app, register, {
        body: { email, password: testPassword, language },
      });
      expect(signedUp.data().user).toMatchObject({
        emailVerified: false,
        emailVerification: 'required',
      });
      const mail = await mailTo(db, email);
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({
        event: 'account.verify_email',
        locale: language,
        state: 'queued',
        userId: signedUp.data().user.id,
      });
      expect(mail[0]!.subject).toBe(
        language === 'zh-CN' ? '验证您的 Stratus 邮箱' : 'Confirm your email address for Stratus',
      );
      expect(mail[0]!.actionUrl).toMatch(/^\/portal\/verify-email\?token=[\w-]{43}$/);
      expect(mail[0]!.textBody).toContain(mail[0]!.actionUrl);
      expect(mail[0]!.textBody).toContain(email);
    }
  });

  it('verifies with a link once, without a session', async () => {
    const customer = await registerCustomer(testApp);
    const token = await newestLinkTokenOf(db, customer.email);
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.data()).toEqual({ outcome: 'verified', email: customer.email });
    expect(await profileOf(customer.token)).toMatchObject({ emailVerified: true });

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 20202 });
    expect(again.json().message).toContain('invalid or has expired');
    expect((await resend(customer.token)).json()).toMatchObject({ code: 20203 });
  });

  it('refuses a link after 24 hours, and an older link once a newer one was sent', async () => {
    const customer = await registerCustomer(testApp);
    const first = await newestLinkTokenOf(db, customer.email);
    await ageLinks(db, customer.id, 24 * 3_600_000 + 1000);
    expect((await verify(first)).json()).toMatchObject({ code: 20202 });

    // A newer link (the minute since the last one has long passed) replaces the older one.
    await ageLinks(db, customer.id, -(24 * 3_600_000 - 3_600_000));
    const older = await newestLinkTokenOf(db, customer.email);
    expect(older).toBe(first);
    expect((await resend(customer.token)).statusCode).toBe(200);
    const newer = await newestLinkTokenOf(db, customer.email);
    expect(newer).not.toBe(older);
    expect((await verify(older)).json()).toMatchObject({ code: 20202 });
    expect((await profileOf(customer.token)).emailVerified).toBe(false);
    expect((await verify(newer)).statusCode).toBe(200);
    expect((await profileOf(customer.token)).emailVerified).toBe(true);
  });

  it('refuses bad tokens with a clear 400', async () => {
    for (const body of [{ token: 'x'.repeat(43) }, { token: '' }, { token: 'x'.repeat(300) }, {}]) {
      const answer = await callEndpoint(testApp.app, verifyEmail, {
        body: body as { token: string },
        headers: english,
      });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('sends a link again at most once a minute, even when asked for many times at once', async () => {
    const customer = await registerCustomer(testApp);
    const soon = await resend(customer.token);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 20204 });
    const seconds = Number(/in (\d+) s/.exec(soon.json().message)?.[1]);
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);

    await ageLinks(db, customer.id, 61_000);
    const burst = await Promise.all(Array.from({ length: 12 }, () => resend(customer.token)));
    const statuses = burst.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(11).fill(429)]);
    expect(await mailTo(db, customer.email)).toHaveLength(2);
    const live = await db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, customer.id), sql`${emailTokens.usedAt} is null`));
    expect(live).toHaveLength(1);
  });

  describe('while verification is required', () => {
    /** What a refused purchase must leave as it was. */
    async function moneyStateOf(userId: string) {
      return {
        wallet: await db.select().from(wallets).where(eq(wallets.userId, userId)),
        orders: await db.select().from(orders).where(eq(orders.userId, userId)),
        payments: await db.select().from(payments).where(eq(payments.userId, userId)),
      };
    }

    it('refuses every top-up and purchase of an unverified customer with 403, changing nothing', async () => {
      const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
      const plan = await seedStaticIpPlan(db, { stock: 3, pricesFen: { 30: 3_000n } });
      const trafficPlan = await seedTrafficPlan(db, { priceFen: 1_500n });
      // An instance bought while verified, to renew once the address is unconfirmed again.
      await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, customer.id));
      const bought = await callEndpoint(testApp.app, createStaticIpOrder, {
        token: customer.token,
        body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      });
      const instanceId = bought.data().instances[0]!.id;
      await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, customer.id));

      const before = await moneyStateOf(customer.id);
      const attempts = [
        callEndpoint(testApp.app, createTopUp, {
          token: customer.token,
          headers: english,
          body: { amount: 10, channel: 'sandbox' },
        }),
        callEndpoint(testApp.app, createStaticIpOrder, {
          token: customer.token,
          headers: english,
          body: { planId: plan.planId, durationDays: 30, quantity: 1 },
        }),
        callEndpoint(testApp.app, createTrafficOrder, {
          token: customer.token,
          headers: english,
          body: { planId: trafficPlan.id, quantity: 1 },
        }),
        callEndpoint(testApp.app, renewInstance, {
          token: customer.token,
          headers: english,
          params: { id: instanceId },
          body: { durationDays: 30 },
        }),
        callEndpoint(testApp.app, renewInstances, {
          token: customer.token,
          headers: english,
          body: { ids: [instanceId], durationDays: 30 },
        }),
      ];
      for (const answer of await Promise.all(attempts)) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toEqual({
          code: 20201,
          message:
            'Please confirm your email address first: open the link we sent you, then you can top up and buy',
          data: null,
        });
      }
      // The customer's API token is held to the same rule as the session.
      const byApiToken = await callEndpoint(testApp.app, createTopUp, {
        token: (await profileOf(customer.token)).apiToken,
        body: { amount: 10, channel: 'sandbox' },
      });
      expect(byApiToken.json()).toMatchObject({ code: 20201 });
      expect(await moneyStateOf(customer.id)).toEqual(before);

      // Once the address is confirmed by its link, the same requests go through.
      expect((await verify(await newestLinkTokenOf(db, customer.email))).statusCode).toBe(200);
      const topUp = await callEndpoint(testApp.app, createTopUp, {
        token: customer.token,
        body: { amount: 10, channel: 'sandbox' },
      });
      expect(topUp.statusCode).toBe(200);
      const traffic = await callEndpoint(testApp.app, createTrafficOrder, {
        token: customer.token,
        body: { planId: trafficPlan.id, quantity: 1 },
      });
      expect(traffic.statusCode).toBe(200);
    });

    it('lets the customer sign in and look', async () => {
      const customer = await registerCustomer(testApp);
      const signedIn = await callEndpoint(testApp.app, login, {
        body: { email: customer.email, password: customer.password },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(sessionOf(signedIn.data()).user.emailVerified).toBe(false);
    });
  });

  describe('a change of address', () => {
    const change = (token: string, body: { email: string; password: string }) =>
      callEndpoint(testApp.app, changeEmail, { token, body, headers: english });

    it('needs the password, a new and free address and a valid one; a refusal changes nothing', async () => {
      const customer = await registerCustomer(testApp);
      const other = await registerCustomer(testApp);
      const mailBefore = await db.select().from(messages);
      const cases = [
        {
          body: { email: uniqueEmail('new'), password: 'wrong password 1' },
          code: 20004,
          status: 400,
        },
        { body: { email: other.email, password: testPassword }, code: 20205, status: 409 },
        {
          body: { email: other.email.toUpperCase(), password: testPassword },
          code: 20205,
          status: 409,
        },
        { body: { email: customer.email, password: testPassword }, code: 20206, status: 400 },
        { body: { email: 'not an address', password: testPassword }, code: 10001, status: 400 },
        { body: { email: uniqueEmail('new'), password: '' }, code: 10001, status: 400 },
      ];
      for (const { body, code, status } of cases) {
        const answer = await change(customer.token, body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(status);
        expect(answer.json().code, JSON.stringify(body)).toBe(code);
      }
      expect((await change(customer.token, cases[0]!.body)).json().message).toBe(
        'The current password is incorrect',
      );
      expect(await db.select().from(messages)).toHaveLength(mailBefore.length);
      const changeTokens = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, customer.id), eq(emailTokens.purpose, 'email_change')));
      expect(changeTokens).toEqual([]);
      expect((await profileOf(customer.token)).email).toBe(customer.email);
    });

    it('takes effect by the link mailed to the new address and tells the old one', async () => {
      const customer = await registerCustomer(testApp);
      await db.update(users).set({ language: 'en-US' }).where(eq(users.id, customer.id));
      const newEmail = uniqueEmail('moved');
      const asked = await change(customer.token, { email: newEmail, password: testPassword });
      expect(asked.statusCode).toBe(200);
      expect(asked.data()).toEqual({ pendingEmail: newEmail });
      // Nothing changes until the link is opened.
      expect((await profileOf(customer.token)).email).toBe(customer.email);
      const [linkMail] = await mailTo(db, newEmail);
      expect(linkMail).toMatchObject({ event: 'account.email_change', locale: 'en-US' });
      expect(linkMail!.subject).toBe('Confirm the new email address of your Stratus account');
      // Once a minute here too.
      expect(
        (
          await change(customer.token, { email: uniqueEmail('again'), password: testPassword })
        ).json(),
      ).toMatchObject({ code: 20204 });

      const confirmed = await verify(await newestLinkTokenOf(db, newEmail, 'account.email_change'));
      expect(confirmed.data()).toEqual({ outcome: 'changed', email: newEmail });
      expect(await profileOf(customer.token)).toMatchObject({
        email: newEmail,
        emailVerified: true,
      });
      const notices = (await mailTo(db, customer.email)).filter(
        (row) => row.event === 'security.changed',
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ locale: 'en-US', data: { change: 'email' } });
      expect(notices[0]!.subject).toBe('The email address of your Stratus account was changed');

      const oldSignIn = await callEndpoint(testApp.app, login, {
        body: { email: customer.email, password: testPassword },
      });
      expect(oldSignIn.statusCode).toBe(400);
      const newSignIn = await callEndpoint(testApp.app, login, {
        body: { email: newEmail, password: testPassword },
      });
      expect(newSignIn.statusCode).toBe(200);
    });

    it('is refused at the link when another account took the address meanwhile', async () => {
      const customer = await registerCustomer(testApp);
      const wanted = uniqueEmail('wanted');
      expect(
        (await change(customer.token, { email: wanted, password: testPassword })).statusCode,
      ).toBe(200);
      await registerCustomer(testApp, { email: wanted });
      const refused = await verify(await newestLinkTokenOf(db, wanted, 'account.email_change'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 20205 });
      expect((await profileOf(customer.token)).email).toBe(customer.email);
      expect(
        (await mailTo(db, customer.email)).filter((row) => row.event === 'security.changed'),
      ).toEqual([]);
    });
  });
});

describe.each(testEngines)('optional email verification on %s', (engine) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('is the default without SMTP: an unverified customer tops up and buys', async () => {
    const customer = await registerCustomer(testApp, { balanceFen: 10_000n });
    expect(customer.user).toMatchObject({ emailVerified: false, emailVerification: 'optional' });
    const topUp = await callEndpoint(testApp.app, createTopUp, {
      token: customer.token,
      body: { amount: 10, channel: 'sandbox' },
    });
    expect(topUp.statusCode).toBe(200);
    const plan = await seedTrafficPlan(testApp.database.db, { priceFen: 1_500n });
    const bought = await callEndpoint(testApp.app, createTrafficOrder, {
      token: customer.token,
      body: { planId: plan.id, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
  });
});
