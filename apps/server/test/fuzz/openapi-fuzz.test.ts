// Property-based fuzzing of the whole API from its OpenAPI document: every operation, as its
// rightful caller and as others, with valid-ish requests and one mutation each (hostile values,
// malformed, deep or oversized bodies, odd content types, methods and headers). Whatever is asked,
// the answer must be the envelope with the security headers, never a 5xx, never internals, and an
// error must be one the endpoint declares (its `errors` in the contract, or a common one).
// The budget is seeded and bounded: FUZZ_SEED replays a run; FUZZ_ROUNDS, FUZZ_RUNS and
// FUZZ_EXTREME_RUNS widen it.
import { API_PREFIX, createStaticIpOrder, getMe, login as loginEndpoint } from '@stratus/contract';
import { eq, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditWallet } from '../wallet.ts';
import { seedStaticIpPlan } from '../catalog.ts';
import { seedTrafficPlan } from '../traffic.ts';
import { addTestNode } from '../usage.ts';
import { createTestApp, testPassword, type TestApp } from '../app.ts';
import { registerCustomer, sessionOf } from '../accounts.ts';
import { operationsOf, type OpenApiDocument, type Operation } from './operations.ts';
import { violationsOf, type Answer } from './oracle.ts';
import { harvestAnswer, type Pools } from './pools.ts';
import { mutatedRequestsOf } from './mutations.ts';
import { draftsOf, extremeRequestsOf, sweepOf, type FuzzRequest } from './requests.ts';
import { validIsh } from './schema-values.ts';
import { callEndpoint } from '../call-endpoint.ts';
import { takeUndeclaredErrors } from '../undeclared-errors.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_251_123);
/** Passes over every operation; later passes see the ids and usage earlier ones created. */
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 3);
/** Mutated requests per operation and pass. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);
/** Requests with every bound at its maximum, per operation and pass. */
const EXTREME_RUNS = Number(process.env.FUZZ_EXTREME_RUNS ?? 2);

/**
 * Addresses outside any operation that still must answer in the envelope. Literal paths: they are
 * malformed or unknown on purpose, so no endpoint object can build them.
 */
const probes = [
  '/api',
  '/api/',
  '/api/%',
  '/api/%E0%A4%A',
  '/api/user/me/%00',
  '/api/user/me?%zz=1',
  `/api/${'x'.repeat(5000)}`,
  `/api/user/wallet/topups/${'%E0'.repeat(50)}`,
];

interface Finding {
  operation: string;
  violation: string;
  count: number;
  example: string;
}

describe.each(testEngines)('OpenAPI fuzz on %s', (engine) => {
  let testApp: TestApp;
  const accounts = { user: { email: '', token: '' }, operator: { email: '', token: '' } };
  let nodeKey: string;
  const pools: Pools = { ids: new Map(), integers: new Map() };

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const db = testApp.database.db;
    const user = await registerCustomer(testApp);
    accounts.user = { email: user.email, token: user.token };
    await creditWallet(db, { userId: user.user.id, amountFen: 100_000_000n });
    const operator = await registerCustomer(testApp);
    await db.update(users).set({ role: 'owner' }).where(eq(users.id, operator.user.id));
    accounts.operator = { email: operator.email, token: operator.token };
    nodeKey = (await addTestNode(db)).apiKey;
    // Something to buy, one IP already bought, and a traffic plan: requests that name real
    // records get past "not found" into the services.
    const plan = await seedStaticIpPlan(db, { stock: 20 });
    const trafficPlan = await seedTrafficPlan(db);
    const bought = await callEndpoint(testApp.app, createStaticIpOrder, {
      token: user.token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    // Usage reports name users (dynamic) and instances (static) as their subject.
    const { order } = bought.json().data;
    harvestAnswer({ subject: [user.user.id, operator.user.id, ...order.instanceIds] }, pools, '');
    harvestAnswer({ planId: [plan.planId, trafficPlan.id] }, pools, '');
    harvestAnswer(bought.data(), pools, `${API_PREFIX}${createStaticIpOrder.path}`);
  });
  afterAll(() => testApp?.close());

  function authorization(request: FuzzRequest, operation: Operation): string | undefined {
    const credential = request.credential === 'expected' ? operation.principal : request.credential;
    switch (credential) {
      case 'user':
      case 'operator':
        return `Bearer ${accounts[credential].token}`;
      case 'node':
        return `Bearer ${nodeKey}`;
      case 'garbage':
        return 'Bearer not-a-real-token';
      case 'long':
        return `Bearer ${'t'.repeat(3000)}`;
      case 'basic':
        return 'Basic dXNlcjpwYXNzd29yZA==';
      default:
        return undefined;
    }
  }

  /**
   * A fuzzed logout, password change or operator sign-out may end a session, and a fuzzed
   * disable may disable the customer: enable them again and sign in again.
   */
  async function keepSignedIn(): Promise<void> {
    for (const account of Object.values(accounts)) {
      const me = await callEndpoint(testApp.app, getMe, { token: account.token });
      if (me.statusCode !== 401) continue;
      await testApp.database.db
        .update(users)
        .set({ disabledAt: null })
        .where(eq(users.email, account.email));
      const login = await callEndpoint(testApp.app, loginEndpoint, {
        body: { email: account.email, password: testPassword },
      });
      account.token = sessionOf(login.data()).token;
    }
  }

  it('answers every request with the envelope and the headers, never a 5xx or internals', async () => {
    // Literal path: the OpenAPI document is served by the docs plugin, not a contract endpoint.
    const document = (await testApp.app.inject({ url: '/api/docs/json' })).json();
    const operations = operationsOf(document as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(30);
    const findings = new Map<string, Finding>();
    const succeeded = new Set<string>();

    const record = (label: string, request: FuzzRequest, answer: Answer, raw: boolean) => {
      const violations = violationsOf(answer, { method: request.method, raw });
      // An error the endpoint does not declare, reported here with the request that drew it.
      for (const undeclared of takeUndeclaredErrors()) {
        violations.push(`undeclared error ${undeclared.kind} (${undeclared.code})`);
      }
      if (request.unknownField && answer.statusCode < 300) {
        violations.push(`accepted the unknown field ${request.unknownField}`);
      }
      if (violations.length === 0) return;
      const key = `${label}: ${violations.join(', ')}`;
      const finding = findings.get(key) ?? {
        operation: label,
        violation: violations.join(', '),
        count: 0,
        example:
          `${request.method} ${request.url.slice(0, 120)} [${request.mutation}] ` +
          `${request.payload?.slice(0, 160) ?? ''} → ${answer.statusCode} ${answer.body.slice(0, 160)}`,
      };
      finding.count += 1;
      findings.set(key, finding);
    };

    const send = async (operation: Operation, request: FuzzRequest) => {
      const credential = authorization(request, operation);
      const answer = await testApp.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, ...(credential ? { authorization: credential } : {}) },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      record(operation.label, request, answer, operation.raw);
      if (answer.statusCode >= 300 || request.method !== operation.method) return;
      succeeded.add(operation.label);
      if (String(answer.headers['content-type']).startsWith('application/json')) {
        harvestAnswer(answer.json(), pools, operation.path);
      }
      if (request.method !== 'GET') await keepSignedIn();
    };

    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, operation] of operations.entries()) {
        const seed = SEED + round * 1000 + index;
        const requests = [
          ...fc.sample(mutatedRequestsOf(operation, pools), { seed, numRuns: RUNS }),
          ...fc.sample(extremeRequestsOf(operation, pools), { seed, numRuns: EXTREME_RUNS }),
        ];
        if (round === 0) {
          const [draft] = fc.sample(draftsOf(operation, pools, { ...validIsh, complete: true }), {
            seed,
            numRuns: 1,
          });
          if (draft) requests.push(...sweepOf(operation, draft));
        }
        for (const request of requests) await send(operation, request);
      }
    }
    for (const url of probes) {
      for (const method of ['GET', 'POST'] as const) {
        const request = {
          method,
          url,
          headers: {},
          credential: 'none',
          mutation: 'probe',
        } as const;
        record(
          `probe ${url.slice(0, 40)}`,
          request,
          await testApp.app.inject({ method, url }),
          false,
        );
      }
    }

    const report = [...findings.values()].map(
      (finding) =>
        `${finding.operation}: ${finding.violation} (×${finding.count}), e.g. ${finding.example}`,
    );
    expect(report, `seed ${SEED}: ${report.length} kinds of violation`).toEqual([]);
    // The valid-ish requests must reach the services, not only the validation.
    expect(succeeded.size).toBeGreaterThan(operations.length / 2);
  }, 300_000);
});
