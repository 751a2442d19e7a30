import {
  addIpAllowlistEntry,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  errors,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  updateWebhookEndpoint,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookEvent,
} from '@stratus/contract';
import { and, eq, messages, webhookDeliveries, webhookEndpoints } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerConfirmedCustomer } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { mailEndpointDisabled } from '../../jobs/deliver-webhooks.ts';
import { deliverDueWebhooks } from './public.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

describe.each(testEngines)('webhooks on %s', (engine) => {
  let testApp: TestApp;
  let receiver: WebhookReceiver;
  let secret = '';
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    receiver = await startWebhookReceiver(() => secret);
  });
  afterAll(async () => {
    await receiver?.close();
    await testApp?.close();
  });
  afterEach(() => {
    receiver.requests.length = 0;
    receiver.events.length = 0;
    receiver.clockSkewSeconds = 0;
    receiver.answerNext([]);
  });

  const create = (
    token: string,
    body: { url: string; events: WebhookEvent[] },
    language = 'en-US',
  ) =>
    callEndpoint(testApp.app, createWebhookEndpoint, {
      token,
      body,
      headers: { 'accept-language': language },
    });

  /** One pass of the delivery job at `now`. */
  const pass = (now = new Date()) =>
    deliverDueWebhooks({
      db: testApp.database.db,
      cipher: testApp.app.tokenCipher,
      refusePrivate: false,
      onDisabled: mailEndpointDisabled,
      now,
    });

  /** An event for the customer: an address allowlisted (`allowlist.changed`). */
  const allowlist = async (token: string, address: string) => {
    const added = await callEndpoint(testApp.app, addIpAllowlistEntry, {
      token,
      body: { address, note: '' },
    });
    expect(added.statusCode).toBe(200);
  };

  const deliveriesOf = async (token: string, endpointId: string) => {
    const response = await callEndpoint(testApp.app, listWebhookDeliveries, {
      token,
      params: { id: endpointId },
      query: {},
    });
    expect(response.statusCode).toBe(200);
    return response.data().items;
  };

  it('adds an endpoint with a secret shown once and kept encrypted, lists, changes and deletes it', async () => {
    const { token } = await registerConfirmedCustomer(testApp);
    const created = await create(token, {
      url: 'https://hooks.example.com/stratus?source=proxy',
      events: ['payment.credited', 'instance.expiring'],
    });
    expect(created.statusCode).toBe(200);
    const endpoint = created.data();
    expect(endpoint).toEqual({
      id: expect.any(String),
      url: 'https://hooks.example.com/stratus?source=proxy',
      events: ['payment.credited', 'instance.expiring'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[\w-]{43}$/),
    });
    const [stored] = await testApp.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored!.secretCiphertext).not.toContain(endpoint.secret.slice(6));

    const listed = await callEndpoint(testApp.app, listWebhookEndpoints, { token });
    const { secret: shownOnce, ...shown } = endpoint;
    expect(listed.data()).toEqual({ items: [shown], max: WEBHOOK_ENDPOINTS_MAX });
    expect(listed.body).not.toContain(shownOnce);

    const changed = await callEndpoint(testApp.app, updateWebhookEndpoint, {
      token,
      params: { id: endpoint.id },
      body: { events: ['order.paid'], enabled: false },
    });
    expect(changed.data()).toMatchObject({
      events: ['order.paid'],
      enabled: false,
      disabledReason: 'owner',
    });

    // Another customer sees none of it.
    const other = await registerConfirmedCustomer(testApp);
    for (const response of [
      await callEndpoint(testApp.app, updateWebhookEndpoint, {
        token: other.token,
        params: { id: endpoint.id },
        body: { enabled: true },
      }),
      await callEndpoint(testApp.app, deleteWebhookEndpoint, {
        token: other.token,
        params: { id: endpoint.id },
      }),
      await callEndpoint(testApp.app, listWebhookDeliveries, {
        token: other.token,
        params: { id: endpoint.id },
        query: {},
      }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(errors.webhookNotFound.code);
    }

    const deleted = await callEndpoint(testApp.app, deleteWebhookEndpoint, {
      token,
      params: { id: endpoint.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await callEndpoint(testApp.app, listWebhookEndpoints, { token })).data().items).toEqual(
      [],
    );
  });

  it.each([
    ['ftp://hooks.example.com/x'],
    ['hooks.example.com/x'],
    ['https://user:secret@hooks.example.com/x'],
    ['javascript:alert(1)'],
  ])('refuses %s with a localised message and keeps nothing', async (url) => {
    const { token, id } = await registerConfirmedCustomer(testApp);
    const refused = await create(token, { url, events: ['order.paid'] }, 'zh-CN');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: errors.webhookUrlInvalid.code,
      message: errors.webhookUrlInvalid.message['zh-CN'],
    });
    const rows = await testApp.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, id));
    expect(rows).toEqual([]);
  });

  it('refuses unknown, repeated and missing events', async () => {
    const { token } = await registerConfirmedCustomer(testApp);
    for (const events of [[], ['node.offline'], ['order.paid', 'order.paid']]) {
      const refused = await callEndpoint(testApp.app, createWebhookEndpoint, {
        token,
        body: { url: 'https://hooks.example.com/x', events: events as WebhookEvent[] },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe(errors.validationFailed.code);
    }
  });

  it(`holds ${WEBHOOK_ENDPOINTS_MAX} endpoints per account when adds race`, async () => {
    const { token, id } = await registerConfirmedCustomer(testApp);
    const answers = await Promise.all(
      Array.from({ length: WEBHOOK_ENDPOINTS_MAX + 3 }, (_, index) =>
        create(token, { url: `https://hooks.example.com/${index}`, events: ['order.paid'] }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => answer.json().code)).toEqual(
      Array(3).fill(errors.webhookLimitReached.code),
    );
    const rows = await testApp.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, id));
    expect(rows).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
  });

  it('POSTs an event it asked for, signed; a receiver written from the docs verifies it', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const endpoint = (
      await create(customer.token, { url: receiver.url, events: ['allowlist.changed'] })
    ).data();
    secret = endpoint.secret;
    // An endpoint of the same customer that did not ask for the event gets nothing.
    const other = (
      await create(customer.token, { url: `${receiver.url}/other`, events: ['order.paid'] })
    ).data();

    await allowlist(customer.token, '127.0.0.1');
    expect(await pass()).toMatchObject({ succeeded: 1, retrying: 0, failed: 0 });

    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request!.verified).toBe(true);
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'stratus-event': 'allowlist.changed',
    });
    const [message] = await testApp.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, customer.id), eq(messages.event, 'allowlist.changed')));
    expect(receiver.events).toEqual([
      {
        id: message!.id,
        type: 'allowlist.changed',
        createdAt: message!.createdAt.toISOString(),
        data: { change: 'added', entryId: expect.any(String), address: '127.0.0.1/32' },
      },
    ]);

    const [delivery] = await deliveriesOf(customer.token, endpoint.id);
    expect(delivery).toMatchObject({
      eventId: message!.id,
      event: 'allowlist.changed',
      state: 'succeeded',
      attempts: 1,
      statusCode: 200,
      error: null,
      durationMs: expect.any(Number),
    });
    expect(request!.headers['stratus-delivery']).toBe(delivery!.id);
    expect(await deliveriesOf(customer.token, other.id)).toEqual([]);

    // The receiver refuses the same request with a changed body, and a replay from 6 minutes on.
    const { verifyStratusSignature } = await import('../../../test/webhook-receiver.ts');
    const header = String(request!.headers['stratus-signature']);
    const now = Date.now() / 1000;
    expect(verifyStratusSignature(request!.rawBody, header, secret, now)).toBe(true);
    const tampered = request!.rawBody.replace('127.0.0.1/32', '127.0.0.2/32');
    expect(verifyStratusSignature(tampered, header, secret, now)).toBe(false);
    expect(verifyStratusSignature(request!.rawBody, header, secret, now + 6 * 60)).toBe(false);
    expect(verifyStratusSignature(request!.rawBody, header, 'whsec_another', now)).toBe(false);
  });

  it('retries a refused delivery with backoff and stops at the first success', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const endpoint = (
      await create(customer.token, { url: receiver.url, events: ['allowlist.changed'] })
    ).data();
    secret = endpoint.secret;
    receiver.answerNext([500, 503]);
    await allowlist(customer.token, '127.0.0.2');

    const start = new Date();
    expect(await pass(start)).toMatchObject({ retrying: 1 });
    // Not due again before its first wait (a minute) is over.
    expect(await pass(new Date(start.getTime() + 30_000))).toMatchObject({ retrying: 0 });
    expect(await pass(new Date(start.getTime() + MINUTE_MS))).toMatchObject({ retrying: 1 });
    const [waiting] = await deliveriesOf(customer.token, endpoint.id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 2, statusCode: 503 });
    expect(Date.parse(waiting!.nextAttemptAt!)).toBe(start.getTime() + 6 * MINUTE_MS);
    const failing = await testApp.database.db
      .select({ failingSince: webhookEndpoints.failingSince })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(failing[0]!.failingSince).toEqual(start);

    expect(await pass(new Date(start.getTime() + 6 * MINUTE_MS))).toMatchObject({ succeeded: 1 });
    expect(await pass(new Date(start.getTime() + 6 * 60 * MINUTE_MS))).toMatchObject({
      succeeded: 0,
      retrying: 0,
    });
    expect(receiver.requests.map((request) => request.status)).toEqual([500, 503, 200]);
    expect(receiver.events).toHaveLength(1);
    const [done] = await deliveriesOf(customer.token, endpoint.id);
    expect(done).toMatchObject({
      state: 'succeeded',
      attempts: 3,
      statusCode: 200,
      nextAttemptAt: null,
    });
    const healed = await testApp.database.db
      .select({ failingSince: webhookEndpoints.failingSince })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(healed[0]!.failingSince).toBeNull();
  });

  it('gives a delivery up a day after its event; a resend sends the same event id again', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const endpoint = (
      await create(customer.token, { url: receiver.url, events: ['allowlist.changed'] })
    ).data();
    secret = endpoint.secret;
    // The receiver's clock runs 6 minutes ahead: every signature looks old to it and is refused.
    receiver.clockSkewSeconds = 6 * 60;
    await allowlist(customer.token, '127.0.0.3');
    const start = new Date();
    let at = start.getTime();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await pass(new Date(at));
      at += 6 * 60 * MINUTE_MS;
    }
    const [given] = await deliveriesOf(customer.token, endpoint.id);
    expect(given).toMatchObject({ state: 'failed', statusCode: 400 });
    // Tried at the start and then at each pass, six hours apart, until the day was over.
    expect(given!.attempts).toBe(4);
    expect(Date.parse(given!.lastAttemptAt!)).toBeLessThanOrEqual(start.getTime() + DAY_MS);
    expect(receiver.requests.every((request) => !request.verified)).toBe(true);

    receiver.clockSkewSeconds = 0;
    const resent = await callEndpoint(testApp.app, resendWebhookDelivery, {
      token: customer.token,
      params: { id: given!.id },
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.data()).toMatchObject({ eventId: given!.eventId, state: 'pending', attempts: 0 });
    expect(await pass()).toMatchObject({ succeeded: 1 });
    expect(receiver.events.map((event) => event.id)).toEqual([given!.eventId]);

    // A resend of another customer's delivery finds nothing.
    const stranger = await registerConfirmedCustomer(testApp);
    const refused = await callEndpoint(testApp.app, resendWebhookDelivery, {
      token: stranger.token,
      params: { id: given!.id },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe(errors.webhookDeliveryNotFound.code);
  });

  it.each([['127.0.0.1'], ['localhost']])(
    'in production, sends nothing to an endpoint at %s saved before',
    async (host) => {
      const customer = await registerConfirmedCustomer(testApp);
      const url = receiver.url.replace('127.0.0.1', host);
      const endpoint = (
        await create(customer.token, { url, events: ['allowlist.changed'] })
      ).data();
      await allowlist(customer.token, host === 'localhost' ? '127.0.0.6' : '127.0.0.7');
      const report = await deliverDueWebhooks({
        db: testApp.database.db,
        cipher: testApp.app.tokenCipher,
        refusePrivate: true,
        onDisabled: mailEndpointDisabled,
      });
      expect(report).toMatchObject({ succeeded: 0, retrying: 1 });
      expect(receiver.requests).toEqual([]);
      const [delivery] = await deliveriesOf(customer.token, endpoint.id);
      expect(delivery).toMatchObject({ state: 'pending', statusCode: null });
      expect(delivery!.error).toMatch(/private or reserved address; not sent/);
    },
  );

  it('switches off an endpoint failing for three days and mails its owner once', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const endpoint = (
      await create(customer.token, {
        url: `http://127.0.0.1:9/closed`,
        events: ['allowlist.changed'],
      })
    ).data();
    // It has failed since three days ago (earlier events), and fails again now.
    const since = new Date(Date.now() - 3 * DAY_MS);
    await testApp.database.db
      .update(webhookEndpoints)
      .set({ failingSince: since })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await allowlist(customer.token, '127.0.0.4');
    expect(await pass()).toMatchObject({ disabled: 1 });

    const [listed] = (
      await callEndpoint(testApp.app, listWebhookEndpoints, { token: customer.token })
    ).data().items;
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const [delivery] = await deliveriesOf(customer.token, endpoint.id);
    expect(delivery).toMatchObject({ state: 'failed', statusCode: null });
    expect(delivery!.error).toMatch(/ECONNREFUSED/);
    const notices = await testApp.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, customer.id), eq(messages.event, 'webhook.disabled')));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain('http://127.0.0.1:9/closed');
    expect(notices[0]!.textBody).toContain('ECONNREFUSED');

    // Switched off, it receives no new events, and a resend is refused until it is on again.
    await allowlist(customer.token, '127.0.0.5');
    expect(await deliveriesOf(customer.token, endpoint.id)).toHaveLength(1);
    const refused = await callEndpoint(testApp.app, resendWebhookDelivery, {
      token: customer.token,
      params: { id: delivery!.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(errors.webhookDisabled.code);
    const on = await callEndpoint(testApp.app, updateWebhookEndpoint, {
      token: customer.token,
      params: { id: endpoint.id },
      body: { enabled: true },
    });
    expect(on.data()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    const stored = await testApp.database.db
      .select({ state: webhookDeliveries.state })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(stored).toEqual([{ state: 'failed' }]);
  });
});

describe.each(testEngines)('webhooks in production on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, { env: { NODE_ENV: 'production' } });
  });
  afterAll(() => testApp?.close());

  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['http://localhost/hook', 'localhost'],
    ['http://10.1.2.3/hook', '10.1.2.3'],
    ['http://192.168.1.10/hook', '192.168.1.10'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://100.100.100.200/latest/meta-data', '100.100.100.200'],
    ['http://[::1]/hook', '[::1]'],
    ['http://[fd00:ec2::254]/hook', '[fd00:ec2::254]'],
    ['http://[::ffff:127.0.0.1]/hook', '[::ffff:7f00:1]'],
    ['http://0.0.0.0/hook', '0.0.0.0'],
  ])('refuses %s at save', async (url, host) => {
    const { token, id } = await registerConfirmedCustomer(testApp);
    const refused = await callEndpoint(testApp.app, createWebhookEndpoint, {
      token,
      body: { url, events: ['order.paid'] },
      headers: { 'accept-language': 'en-US' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: errors.webhookDestinationPrivate.code,
      message: errors.webhookDestinationPrivate.message['en-US'].replace('{host}', host),
    });
    const rows = await testApp.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, id));
    expect(rows).toEqual([]);
  });

  it('refuses a private address when an endpoint is changed to it', async () => {
    const { token } = await registerConfirmedCustomer(testApp);
    const created = await callEndpoint(testApp.app, createWebhookEndpoint, {
      token,
      body: { url: 'https://203.0.114.10/hook', events: ['order.paid'] },
    });
    expect(created.statusCode).toBe(200);
    const changed = await callEndpoint(testApp.app, updateWebhookEndpoint, {
      token,
      params: { id: created.data().id },
      body: { url: 'http://172.16.0.1/hook' },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().code).toBe(errors.webhookDestinationPrivate.code);
    const listed = await callEndpoint(testApp.app, listWebhookEndpoints, { token });
    expect(listed.data().items.map((item) => item.url)).toEqual(['https://203.0.114.10/hook']);
  });
});
