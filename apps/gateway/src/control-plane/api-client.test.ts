import http from 'node:http';
import type net from 'node:net';
import { errors } from '@stratus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotOf } from '../testing/fixtures.ts';
import { startFakeApi, type FakeApi } from '../testing/fake-api.ts';
import { ApiError, createApiClient } from './api-client.ts';

describe('the API client', () => {
  let api: FakeApi;
  const snapshot = snapshotOf({});

  beforeAll(async () => {
    api = await startFakeApi(snapshot);
  });
  afterAll(() => api?.stop());

  it('fetches the snapshot with the node key and sends `since` back', async () => {
    const client = createApiClient({ apiUrl: `${api.url}/`, nodeKey: api.nodeKey });
    const first = await client.fetchCredentials(null);
    expect(first).toEqual({ version: snapshot.version, unchanged: false, snapshot, checks: [] });
    const second = await client.fetchCredentials(snapshot.version);
    expect(second).toEqual({
      version: snapshot.version,
      unchanged: true,
      snapshot: null,
      checks: [],
    });
    expect(api.credentialRequests.slice(-2)).toEqual([null, snapshot.version]);
  });

  it('posts usage batches and reads the acknowledgement', async () => {
    const client = createApiClient({ apiUrl: api.url, nodeKey: api.nodeKey });
    const batch = { batchId: 'batch-1', records: [] };
    expect(await client.reportUsage(batch)).toMatchObject({ batchId: 'batch-1', duplicate: false });
    expect(await client.reportUsage(batch)).toMatchObject({ duplicate: true });
  });

  it('turns a refused key into an ApiError that says so', async () => {
    const client = createApiClient({ apiUrl: api.url, nodeKey: 'gnk_wrong' });
    const error = await client.fetchCredentials(null).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(errors.nodeKeyInvalid.status);
    expect((error as ApiError).isUnauthorized).toBe(true);
    expect((error as ApiError).code).toBe(errors.nodeKeyInvalid.code);
  });

  it('refuses an answer that does not match the contract', async () => {
    const liar = http.createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ code: 0, message: 'ok', data: { version: 1 } }));
    });
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
    const { port } = liar.address() as net.AddressInfo;
    const client = createApiClient({ apiUrl: `http://127.0.0.1:${port}`, nodeKey: 'k' });
    await expect(client.fetchCredentials(null)).rejects.toThrow();
    await new Promise((resolve) => liar.close(resolve));
  });

  it('fails when the API is unreachable', async () => {
    const client = createApiClient({ apiUrl: 'http://127.0.0.1:1', nodeKey: 'k', timeoutMs: 500 });
    await expect(client.fetchCredentials(null)).rejects.toThrow();
  });
});
