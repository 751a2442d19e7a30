// Two real API servers on one PostgreSQL database: this process's app (A) and a server process
// (B). Changes committed through A reach B's caches through the change bus.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  changePassword,
  createApiKey,
  createStaticIpOrder,
  getWallet,
  listStaticIpCatalog,
  login,
  logout,
  revokeApiKey,
  updateStaticIpPlan,
} from '@stratus/contract';
import { PROCESS_TEST_MS, testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../gateway/src/free-port.ts';
import { creditWallet } from '../test/wallet.ts';
import { seedStaticIpPlan, type SeededPlan } from '../test/catalog.ts';
import { createTestApp, testPassword, type TestApp } from '../test/app.ts';
import { registerStaff, registerCustomer, sessionOf } from '../test/accounts.ts';
import { callEndpoint, fetchEndpoint } from '../test/call-endpoint.ts';

const cachesOn = { SESSION_CACHE_MS: '1000', CATALOG_CACHE_SECONDS: '60' };
/** Generous: the bound is a second, but the machine running the tests may be very busy. */
const DEADLINE_MS = 20_000;

function startServerB(databaseUrl: string, dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'server.ts')], {
    env: {
      ...process.env,
      ...cachesOn,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
      DEMO_SEED: '0',
    },
    stdio: 'pipe',
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Stratus is running at/.test(output)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server B exited with ${code}:\n${output}`)));
  });
}

describe.skipIf(!testEngines.includes('postgres'))(
  'caches across two API servers on postgres',
  () => {
    let serverA: TestApp;
    let serverB: ChildProcess;
    let originB: string;
    let dataDir: string;

    beforeAll(async () => {
      serverA = await createTestApp('postgres', { env: cachesOn });
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-server-b-'));
      const port = await freePort();
      originB = `http://127.0.0.1:${port}`;
      serverB = await startServerB(serverA.database.url!, dataDir, port);
    }, PROCESS_TEST_MS);

    afterAll(async () => {
      if (serverB?.exitCode === null) {
        const exited = new Promise((resolve) => serverB.once('exit', resolve));
        serverB.kill('SIGTERM');
        await exited;
      }
      await serverA?.close();
      await rm(dataDir, { recursive: true, force: true });
    }, PROCESS_TEST_MS);

    const planOnB = async (token: string, plan: SeededPlan) => {
      const catalog = await fetchEndpoint(originB, listStaticIpCatalog, { token });
      return catalog.data().items.find((item) => item.id === plan.planId);
    };

    it('shows B a purchase and a price change made through A', async () => {
      const { token, user } = await registerCustomer(serverA);
      await creditWallet(serverA.database.db, { userId: user.id, amountFen: 100_000n });
      const plan = await seedStaticIpPlan(serverA.database.db, {
        stock: 3,
        pricesFen: { 30: 3000n },
      });
      expect((await planOnB(token, plan))?.stock).toBe(3);
      // Read again: now from B's memory.
      expect((await planOnB(token, plan))?.stock).toBe(3);

      const bought = await callEndpoint(serverA.app, createStaticIpOrder, {
        token,
        body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      });
      expect(bought.statusCode).toBe(200);
      await expect
        .poll(async () => (await planOnB(token, plan))?.stock, {
          timeout: DEADLINE_MS,
        })
        .toBe(2);

      const owner = await registerStaff(serverA, 'owner');
      const repriced = await callEndpoint(serverA.app, updateStaticIpPlan, {
        token: owner.token,
        params: { id: plan.planId },
        body: { prices: [{ durationDays: 30, price: 45 }] },
      });
      expect(repriced.statusCode).toBe(200);
      await expect
        .poll(async () => (await planOnB(token, plan))?.prices, {
          timeout: DEADLINE_MS,
        })
        .toEqual([{ durationDays: 30, price: 45 }]);
    });

    it('has B refuse sessions that a password change and a logout through A revoked', async () => {
      const { token, email } = await registerCustomer(serverA);
      const other = sessionOf(
        (
          await callEndpoint(serverA.app, login, { body: { email, password: testPassword } })
        ).data(),
      ).token;
      const statusOnB = async (bearer: string) =>
        (await fetchEndpoint(originB, getWallet, { token: bearer })).status;
      expect(await statusOnB(other)).toBe(200);
      expect(await statusOnB(token)).toBe(200);

      const changed = await callEndpoint(serverA.app, changePassword, {
        token,
        body: { currentPassword: testPassword, newPassword: 'another horse 77 battery' },
      });
      expect(changed.statusCode).toBe(200);
      await expect.poll(() => statusOnB(other), { timeout: DEADLINE_MS }).toBe(401);
      expect(await statusOnB(token)).toBe(200);

      expect((await callEndpoint(serverA.app, logout, { token })).statusCode).toBe(200);
      await expect.poll(() => statusOnB(token), { timeout: DEADLINE_MS }).toBe(401);
    });

    it('has B refuse an API key revoked through A', async () => {
      const { token } = await registerCustomer(serverA);
      const made = await callEndpoint(serverA.app, createApiKey, {
        token,
        body: { name: 'two servers', scopes: ['read'] },
      });
      const { key, id } = made.data();
      const statusOnB = async () =>
        (await fetchEndpoint(originB, getWallet, { token: key })).status;
      expect(await statusOnB()).toBe(200);
      // Again: now from B's memory.
      expect(await statusOnB()).toBe(200);

      const revoked = await callEndpoint(serverA.app, revokeApiKey, { token, params: { id } });
      expect(revoked.statusCode).toBe(200);
      await expect.poll(statusOnB, { timeout: DEADLINE_MS }).toBe(401);
    });
  },
);
