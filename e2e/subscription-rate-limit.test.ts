// Two API servers on one database share each subscription token's limit: a client that spreads
// its fetches over both still gets PROFILE_FETCHES_PER_MINUTE in a minute, not twice that.
import { getSubscription } from '@stratus/contract';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_FETCHES_PER_MINUTE } from '../apps/server/src/modules/subscriptions/routes.ts';
import { callEndpoint, registerUser } from './support/api.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('the subscription rate limit across two server processes', () => {
  let first: RunningServer;
  let second: RunningServer;
  beforeAll(async () => {
    first = await startServer('postgres');
    second = await startServer('postgres', {}, { sharedDatabaseUrl: first.databaseUrl });
  }, PROCESS_TEST_MS);
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('counts one token’s fetches on both servers against one limit', async () => {
    const { token } = await registerUser(first.url);
    const { url } = await callEndpoint(first.url, getSubscription, { token });
    const profilePath = new URL(url).pathname;
    const fetchFrom = (server: RunningServer) => fetch(`${server.url}${profilePath}`);

    for (let index = 0; index < PROFILE_FETCHES_PER_MINUTE; index += 1) {
      const answer = await fetchFrom(index % 2 === 0 ? first : second);
      expect(answer.status, `fetch ${index + 1}`).toBe(200);
    }
    for (const server of [first, second]) {
      const refused = await fetchFrom(server);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});
