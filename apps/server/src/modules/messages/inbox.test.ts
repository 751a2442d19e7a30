// The inbox and the preferences through the API: a person sees the events sent to them (never
// another's, never account links or the operators' test mail), newest first with an unread count;
// reading marks only their own; switching a category's inbox off hides it; security and money
// cannot be switched off.
import {
  getNotificationPreferences,
  listInboxMessages,
  markInboxMessagesRead,
  updateNotificationPreferences,
} from '@stratus/contract';
import { eq, messages } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, registerStaff } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { insertMessage } from './outbox-repo.ts';
import { inboxBodyOf } from './inbox.ts';

describe('the inbox body of a mail', () => {
  it('is its paragraphs, without the link line or the footer', () => {
    const text =
      'Your IP expires soon.\n\nRenew it now.\n\nRenew: https://x.test/console/ipList\n\n-- \nSent by Stratus.';
    expect(inboxBodyOf(text, 'https://x.test/console/ipList')).toBe(
      'Your IP expires soon.\n\nRenew it now.',
    );
    expect(inboxBodyOf('One line.\n\n-- \nFooter', null)).toBe('One line.');
  });
});

describe.each(testEngines)('the inbox on %s', (engine) => {
  let testApp: TestApp;
  let alice: Awaited<ReturnType<typeof registerCustomer>>;
  let bob: Awaited<ReturnType<typeof registerCustomer>>;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    [alice, bob] = await Promise.all([registerCustomer(testApp), registerCustomer(testApp)]);
  });
  afterAll(() => testApp?.close());

  let clock = Date.parse('2026-11-01T00:00:00Z');
  const write = async (userId: string, event: string, subject: string) => {
    clock += 60_000;
    const row = await insertMessage(testApp.database.db, {
      userId,
      toAddress: 'someone@example.test',
      event,
      locale: 'en-US',
      subject,
      textBody: `${subject} body.\n\nOpen: /console/ipList\n\n-- \nFooter`,
      htmlBody: '<p></p>',
      dedupeKey: null,
      data: {},
      actionUrl: '/console/ipList',
    });
    await testApp.database.db
      .update(messages)
      .set({ createdAt: new Date(clock) })
      .where(eq(messages.id, row!.id));
    return row!;
  };
  const list = (token: string, query: { unread?: 'true' | 'false'; page?: number } = {}) =>
    callEndpoint(testApp.app, listInboxMessages, { token, query: { pageSize: 2, ...query } });

  it('lists the person’s own events, newest first, with the unread count', async () => {
    const first = await write(alice.id, 'security.changed', 'Password changed');
    await write(alice.id, 'account.password_reset', 'Reset your password');
    await write(alice.id, 'mail.test', 'Test email');
    await write(bob.id, 'payment.credited', 'Top-up credited');
    const second = await write(alice.id, 'instance.expiring', 'IP expiring');
    const third = await write(alice.id, 'payment.credited', 'Top-up credited');

    const page1 = await list(alice.token);
    expect(page1.statusCode).toBe(200);
    const data = page1.data();
    expect(data).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    expect(data.items.map((item) => item.id)).toEqual([third.id, second.id]);
    expect(data.items[0]).toMatchObject({
      event: 'payment.credited',
      subject: 'Top-up credited',
      body: 'Top-up credited body.',
      link: '/console/ipList',
      read: false,
    });
    expect((await list(alice.token, { page: 2 })).data().items.map((item) => item.id)).toEqual([
      first.id,
    ]);
    expect((await list(bob.token)).data()).toMatchObject({ total: 1, unread: 1 });
  });

  it('marks read only the person’s own messages, and all of them at once', async () => {
    const own = (await list(alice.token)).data().items[0]!;
    const bobs = (await list(bob.token)).data().items[0]!;
    const marked = await callEndpoint(testApp.app, markInboxMessagesRead, {
      token: alice.token,
      body: { ids: [own.id, bobs.id] },
    });
    expect(marked.data()).toEqual({ unread: 2 });
    expect((await list(bob.token)).data().unread).toBe(1);
    const unreadOnly = (await list(alice.token, { unread: 'true' })).data();
    expect(unreadOnly.total).toBe(2);
    expect(unreadOnly.items.every((item) => !item.read)).toBe(true);

    const all = await callEndpoint(testApp.app, markInboxMessagesRead, {
      token: alice.token,
      body: { all: true },
    });
    expect(all.data()).toEqual({ unread: 0 });
    expect((await list(alice.token)).data().items.every((item) => item.read)).toBe(true);
  });

  it('hides a category switched off for the inbox; refuses switching off security or money', async () => {
    const carol = await registerCustomer(testApp);
    await write(carol.id, 'instance.expiring', 'IP expiring');
    await write(carol.id, 'security.changed', 'Password changed');

    const defaults = await callEndpoint(testApp.app, getNotificationPreferences, {
      token: carol.token,
    });
    expect(defaults.data().items).toEqual([
      { category: 'security', mandatory: true, email: true, inbox: true },
      { category: 'money', mandatory: true, email: true, inbox: true },
      { category: 'reminders', mandatory: false, email: true, inbox: true },
      { category: 'notices', mandatory: false, email: true, inbox: true },
    ]);

    const refused = await callEndpoint(testApp.app, updateNotificationPreferences, {
      token: carol.token,
      body: {
        items: [
          { category: 'reminders', channel: 'inbox', enabled: false },
          { category: 'money', channel: 'email', enabled: false },
        ],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 90001 });
    expect((await list(carol.token)).data().total).toBe(2);

    const saved = await callEndpoint(testApp.app, updateNotificationPreferences, {
      token: carol.token,
      body: { items: [{ category: 'reminders', channel: 'inbox', enabled: false }] },
    });
    expect(saved.data().items[2]).toEqual({
      category: 'reminders',
      mandatory: false,
      email: true,
      inbox: false,
    });
    const shown = (await list(carol.token)).data();
    expect(shown).toMatchObject({ total: 1, unread: 1 });
    expect(shown.items[0]!.event).toBe('security.changed');
  });

  it('takes the last of repeated choices in one request', async () => {
    const dave = await registerCustomer(testApp);
    const answer = await callEndpoint(testApp.app, updateNotificationPreferences, {
      token: dave.token,
      body: {
        items: [
          { category: 'notices', channel: 'email', enabled: true },
          { category: 'notices', channel: 'email', enabled: false },
        ],
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.data().items[3]).toMatchObject({ category: 'notices', email: false });
  });

  it('offers staff the operations category too', async () => {
    const member = await registerStaff(testApp, 'ops');
    const answer = await callEndpoint(testApp.app, getNotificationPreferences, {
      token: member.token,
    });
    expect(answer.data().items.map((item) => item.category)).toEqual([
      'security',
      'money',
      'reminders',
      'notices',
      'operations',
    ]);
  });

  it('answers bad input with a clear 400 and changes nothing', async () => {
    const cases = [
      { rawBody: { ids: [] } },
      { rawBody: { ids: ['not-a-uuid'] } },
      { rawBody: { all: false } },
      { rawBody: { ids: [crypto.randomUUID()], all: true } },
    ];
    for (const input of cases) {
      const answer = await callEndpoint(testApp.app, markInboxMessagesRead, {
        token: bob.token,
        ...input,
      });
      expect(answer.statusCode, JSON.stringify(input)).toBe(400);
    }
    const badPreference = await callEndpoint(testApp.app, updateNotificationPreferences, {
      token: bob.token,
      rawBody: { items: [{ category: 'gossip', channel: 'email', enabled: false }] },
    });
    expect(badPreference.statusCode).toBe(400);
    expect((await list(bob.token)).data().unread).toBe(1);
  });
});
