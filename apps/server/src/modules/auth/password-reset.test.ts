// Password reset through the API on both engines: one answer whatever the email (and about the
// same time), a link that works once, within 30 minutes and only while it is the newest, a
// success that signs every session out but keeps the API token, the limits under bursts, bad
// input refused with nothing changed, and the security notices of password and token changes.
import {
  changePassword,
  confirmPasswordReset,
  getMe,
  login,
  requestPasswordReset,
  rotateApiToken,
} from '@stratus/contract';
import { and, authAttempts, emailTokens, eq, messages, sql, users, type Db } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../../test/app.ts';
import {
  registerConfirmedCustomer as registerCustomer,
  sessionOf,
} from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { createSmtpMailer, deliverDueMessages } from '../messages/public.ts';

const NEW_PASSWORD = 'a fresh river 77';
const english = { 'accept-language': 'en-US' };

let addressCounter = 0;
/** A client address of its own, so one test's asks never meet another's per-address limit. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function mailsTo(db: Db, address: string) {
  return db.select().from(messages).where(eq(messages.toAddress, address));
}

/** The token of the newest reset link mailed to `address`, read from the mail's link. */
async function linkTokenFor(db: Db, address: string): Promise<string> {
  const sent = (await mailsTo(db, address)).filter((m) => m.event === 'account.password_reset');
  const newest = sent.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const url = newest?.actionUrl;
  if (!url) throw new Error(`no reset link mailed to ${address}`);
  const token = new URL(url, 'http://link.invalid').searchParams.get('token');
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

describe.each(testEngines)('password reset on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());
  const db = () => testApp.database.db;

  const ask = (email: string, remoteAddress = freshAddress()) =>
    callEndpoint(testApp.app, requestPasswordReset, {
      body: { email },
      headers: english,
      remoteAddress,
    });
  const confirm = (token: string, password = NEW_PASSWORD) =>
    callEndpoint(testApp.app, confirmPasswordReset, {
      body: { token, password },
      headers: english,
    });

  it('answers alike for a known, an unknown and a disabled email; only the known one is mailed', async () => {
    const known = await registerCustomer(testApp);
    await db().update(users).set({ language: 'en-US' }).where(eq(users.id, known.id));
    const disabled = await registerCustomer(testApp);
    await db()
      .update(users)
      .set({ disabledAt: sql`now()` })
      .where(eq(users.id, disabled.id));
    const unknown = uniqueEmail('nobody');

    const answers = await Promise.all(
      [known.email.toUpperCase(), unknown, disabled.email].map(async (email) => {
        const response = await ask(email);
        return { status: response.statusCode, body: response.json() };
      }),
    );
    expect(answers[0]).toEqual({ status: 200, body: { code: 0, message: 'ok', data: null } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    const [mail, ...others] = await mailsTo(db(), known.email);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      event: 'account.password_reset',
      locale: 'en-US',
      state: 'queued',
      subject: 'Reset your Stratus password',
      // Not in the account's inbox: a session must not read a link that sets the password.
      userId: null,
    });
    expect(mail!.actionUrl).toMatch(/^\/portal\/reset\?token=[\w-]{43}$/);
    expect(mail!.textBody).toContain(`${mail!.actionUrl}`);
    expect(mail!.textBody).toContain('for 30 minutes');
    expect(await mailsTo(db(), unknown)).toEqual([]);
    expect(await mailsTo(db(), disabled.email)).toEqual([]);
    const [stored] = await db().select().from(emailTokens).where(eq(emailTokens.userId, known.id));
    expect(stored?.purpose).toBe('password_reset');
    // Only the token's hash is kept.
    expect(mail!.actionUrl).not.toContain(stored!.tokenHash);
  });

  it('takes about as long for an unknown email as for a known one', async () => {
    const accounts = await Promise.all(Array.from({ length: 15 }, () => registerCustomer(testApp)));
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await ask(email);
      expect(response.statusCode).toBe(200);
      return performance.now() - started;
    };
    // Warm both paths, then alternate, so neither side gets the quieter moments.
    await timed(uniqueEmail('warm'));
    await timed((await registerCustomer(testApp)).email);
    // Each known ask paired with an unknown one right after it: the median of the differences
    // leaves out the moments the machine was busy with something else.
    const differences: number[] = [];
    const unknownTimes: number[] = [];
    for (const account of accounts) {
      const known = await timed(account.email);
      const unknown = await timed(uniqueEmail('ghost'));
      differences.push(known - unknown);
      unknownTimes.push(unknown);
    }
    const [difference, unknown] = [median(differences), median(unknownTimes)];
    // Within noise: a quarter of an ask's time or 5 ms, whichever is larger. Mailing in a commit
    // of its own, as the first version did, took about half an ask more.
    expect(
      Math.abs(difference),
      `known asks took ${difference.toFixed(1)} ms more than unknown ones (${unknown.toFixed(1)} ms)`,
    ).toBeLessThan(Math.max(5, unknown / 4));
    for (const account of accounts) expect(await mailsTo(db(), account.email)).toHaveLength(1);
  });

  it('sets the new password once, signs every session out, keeps the API token and mails a notice', async () => {
    const account = await registerCustomer(testApp);
    const second = await callEndpoint(testApp.app, login, {
      body: { email: account.email, password: account.password },
    });
    const sessions = [account.token, sessionOf(second.data()).token];
    const apiToken = account.user.apiToken;
    expect((await ask(account.email)).statusCode).toBe(200);
    const token = await linkTokenFor(db(), account.email);

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ code: 0, message: 'ok', data: null });

    for (const session of sessions) {
      expect((await callEndpoint(testApp.app, getMe, { token: session })).statusCode).toBe(401);
    }
    const byApiToken = await callEndpoint(testApp.app, getMe, { token: apiToken });
    expect(byApiToken.data().email).toBe(account.email);
    const oldPassword = await callEndpoint(testApp.app, login, {
      body: { email: account.email, password: account.password },
      remoteAddress: freshAddress(),
    });
    expect(oldPassword.statusCode).toBe(400);
    const newPassword = await callEndpoint(testApp.app, login, {
      body: { email: account.email, password: NEW_PASSWORD },
    });
    expect(newPassword.statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, account.id));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);

    const notices = (await mailsTo(db(), account.email)).filter(
      (mail) => mail.event === 'security.changed',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      userId: account.id,
      locale: 'zh-CN',
      subject: 'Stratus 账户的登录密码已更改',
      data: { change: 'password' },
      actionUrl: '/console/overview?profile=1',
    });

    // Used once: the same link again is refused, in the one words for every bad link.
    const again = await confirm(token, 'another fresh river 78');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 20030,
      message: 'This password reset link is invalid or has expired; please ask for a new one',
      data: null,
    });
  });

  it('refuses a link older than 30 minutes and one a newer link replaced', async () => {
    const account = await registerCustomer(testApp);
    await ask(account.email);
    const first = await linkTokenFor(db(), account.email);
    await ask(account.email);
    const second = await linkTokenFor(db(), account.email);
    expect(second).not.toBe(first);
    expect((await confirm(first)).json().code).toBe(20030);

    // The newest link, 30 minutes after it was mailed.
    await db()
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(emailTokens.userId, account.id), sql`${emailTokens.usedAt} is null`));
    expect((await confirm(second)).json().code).toBe(20030);

    const login = await callEndpoint(testApp.app, getMe, { token: account.token });
    expect(login.statusCode).toBe(200);
  });

  it('keeps the link working when the new password breaks a rule', async () => {
    const account = await registerCustomer(testApp, {
      email: `margarethe.${Date.now()}@example.com`,
    });
    await ask(account.email);
    const token = await linkTokenFor(db(), account.email);
    const refusals = await Promise.all([
      confirm(token, 'password123'),
      confirm(token, `my ${account.email.split('@')[0]!.toUpperCase()} key`),
    ]);
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400]);
    expect(refusals.map((r) => r.json().data.field)).toEqual(['password', 'password']);
    expect((await callEndpoint(testApp.app, getMe, { token: account.token })).statusCode).toBe(200);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const account = await registerCustomer(testApp);
    const address = freshAddress();
    const bad: [string, unknown][] = [
      ['email', {}],
      ['email', { email: 'not-an-email' }],
      ['email', { email: `${'a'.repeat(250)}@example.com` }],
      ['email', { email: 42 }],
    ];
    for (const [field, body] of bad) {
      const response = await callEndpoint(testApp.app, requestPasswordReset, {
        rawBody: body,
        headers: english,
        remoteAddress: address,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 10001, data: { field } });
    }
    const confirmations: [string, unknown][] = [
      ['token', { password: NEW_PASSWORD }],
      ['token', { token: 'short', password: NEW_PASSWORD }],
      ['token', { token: `${'a'.repeat(42)}!`, password: NEW_PASSWORD }],
      ['token', { token: 'a'.repeat(5000), password: NEW_PASSWORD }],
      ['password', { token: 'a'.repeat(43) }],
      ['password', { token: 'a'.repeat(43), password: 'short' }],
      ['password', { token: 'a'.repeat(43), password: 'x'.repeat(129) }],
    ];
    for (const [field, body] of confirmations) {
      const response = await callEndpoint(testApp.app, confirmPasswordReset, {
        rawBody: body,
        headers: english,
      });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: 10001, data: { field } });
    }
    const malformed = await callEndpoint(testApp.app, confirmPasswordReset, {
      rawBody: { token: 'a'.repeat(42), password: NEW_PASSWORD },
      headers: english,
    });
    expect(malformed.json().message).toBe(
      'Invalid token: is not a whole link from the email; open the link in the email as it is',
    );
    // A well-formed token nobody was given.
    const unknown = await confirm('b'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(20030);

    expect(await mailsTo(db(), account.email)).toEqual([]);
    expect(await db().select().from(authAttempts).where(eq(authAttempts.key, address))).toEqual([]);
    expect((await callEndpoint(testApp.app, getMe, { token: account.token })).statusCode).toBe(200);
  });

  it('mails the password and API token notices of changes made in the profile', async () => {
    const account = await registerCustomer(testApp);
    await db().update(users).set({ language: 'en-US' }).where(eq(users.id, account.id));
    const changed = await callEndpoint(testApp.app, changePassword, {
      token: account.token,
      body: { currentPassword: testPassword, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const rotated = await callEndpoint(testApp.app, rotateApiToken, { token: account.token });
    expect(rotated.statusCode).toBe(200);

    const notices = (await mailsTo(db(), account.email))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((mail) => ({ event: mail.event, subject: mail.subject, data: mail.data }));
    expect(notices).toEqual([
      {
        event: 'security.changed',
        subject: 'The password of your Stratus account was changed',
        data: { change: 'password' },
      },
      {
        event: 'security.changed',
        subject: 'The API token of your Stratus account was changed',
        data: { change: 'api_token' },
      },
    ]);
    // A refused change mails nothing.
    const wrong = await callEndpoint(testApp.app, changePassword, {
      token: account.token,
      body: { currentPassword: 'not the password', newPassword: 'yet another river 9' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await mailsTo(db(), account.email)).toHaveLength(2);
  });
});

describe.each(testEngines)('password reset limits under bursts on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const ask = (email: string, remoteAddress: string) =>
    callEndpoint(testApp.app, requestPasswordReset, {
      body: { email },
      headers: english,
      remoteAddress,
    });

  it('mails one email at most 3 links an hour, answering every ask alike', async () => {
    const account = await registerCustomer(testApp);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => ask(account.email, freshAddress())),
    );
    expect(new Set(answers.map((response) => response.body))).toEqual(
      new Set([JSON.stringify({ code: 0, message: 'ok', data: null })]),
    );
    expect(answers.every((response) => response.statusCode === 200)).toBe(true);
    expect(await mailsTo(testApp.database.db, account.email)).toHaveLength(3);
    // Only the newest of the three works.
    const tokens = await testApp.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, account.id));
    expect(tokens).toHaveLength(3);
    expect(tokens.filter((token) => token.usedAt === null)).toHaveLength(1);
  });

  it('lets one address ask 10 times an hour and refuses the rest', async () => {
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => ask(uniqueEmail('burst'), address)),
    );
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((response) => response.statusCode !== 200);
    expect(refused).toHaveLength(40);
    for (const response of refused) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        code: 10429,
        message: 'Too many requests, please try again later',
        data: null,
      });
    }
  });
});

describe.each(testEngines)('the reset mail through a real SMTP server on %s', (engine) => {
  let testApp: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await createTestApp(engine, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Acme Proxy <noreply@mail.acme.test>',
        PUBLIC_URL: 'https://proxy.acme.test/',
        BRAND_NAME: 'Acme',
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  /** One pass of the delivery job, as `jobs/deliver-messages.ts` runs it. */
  async function deliver() {
    const mail = testApp.config.mail!;
    const mailer = createSmtpMailer({ smtpUrl: mail.smtpUrl, from: mail.from });
    try {
      return await deliverDueMessages({
        db: testApp.database.db,
        mailer,
        messageIdDomain: mail.fromDomain,
      });
    } finally {
      mailer.close();
    }
  }

  it('arrives once, in the account’s language, with the link in both parts', async () => {
    const chinese = await registerCustomer(testApp);
    const english = await registerCustomer(testApp);
    await testApp.database.db
      .update(users)
      .set({ language: 'en-US' })
      .where(eq(users.id, english.id));
    for (const account of [chinese, english]) {
      const response = await callEndpoint(testApp.app, requestPasswordReset, {
        body: { email: account.email },
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await deliver()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);

    const link = /https:\/\/proxy\.acme\.test\/portal\/reset\?token=([\w-]{43})/;
    const toChinese = smtp.received.find(
      (mail) => mail.to && JSON.stringify(mail.to).includes(chinese.email),
    )!;
    expect(toChinese.subject).toBe('重置您的 Acme 密码');
    expect(toChinese.text).toContain(`我们收到了重置 Acme 账户 ${chinese.email} 登录密码的请求`);
    expect(toChinese.text).toMatch(new RegExp(`设置新密码：${link.source}`));
    expect(toChinese.html).toMatch(new RegExp(`href="${link.source}"`));
    expect(toChinese.html).toContain('<html lang="zh-CN">');

    const toEnglish = smtp.received.find((mail) =>
      JSON.stringify(mail.to).includes(english.email),
    )!;
    expect(toEnglish.subject).toBe('Reset your Acme password');
    expect(toEnglish.text).toContain('The link works once, for 30 minutes');
    const textToken = link.exec(toEnglish.text ?? '')?.[1];
    const htmlToken = link.exec(String(toEnglish.html))?.[1];
    expect(textToken).toBeDefined();
    expect(htmlToken).toBe(textToken);

    // The link in the mail is the one that works.
    const done = await callEndpoint(testApp.app, confirmPasswordReset, {
      body: { token: textToken!, password: NEW_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
    const signedIn = await callEndpoint(testApp.app, login, {
      body: { email: english.email, password: NEW_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    // And its notice follows, over the same server, linking to the profile.
    expect(await deliver()).toMatchObject({ sent: 1 });
    const notice = smtp.received[2]!;
    expect(notice.subject).toBe('The password of your Acme account was changed');
    expect(notice.text).toContain('https://proxy.acme.test/console/overview?profile=1');
  });
});
