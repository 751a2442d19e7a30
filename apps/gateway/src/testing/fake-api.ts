// A stand-in for the API's two node routes, on 127.0.0.1: it answers the credential snapshot (only
// when changed since `since`) and acknowledges usage batches, each batchId applied once, in the
// `{code, message, data}` envelope. It can go down and come back on the same port, and refuse
// the node key, so the gateway's outage handling can be tested.
import http from 'node:http';
import type net from 'node:net';
import {
  reportNodeUsage,
  type EndpointBody,
  type NodeSnapshot,
  type UsageRecord,
} from '@stratus/contract';

export type UsageBatchBody = EndpointBody<typeof reportNodeUsage>;

export interface FakeApi {
  url: string;
  nodeKey: string;
  /** What `GET /api/node/credentials` serves; change it to publish a new snapshot. */
  snapshot: NodeSnapshot | null;
  /** The `since` of every credential request, in order (null when absent). */
  credentialRequests: (string | null)[];
  /** Applied batches by id, and how many times each id was posted (duplicates included). */
  batches: Map<string, UsageRecord[]>;
  posts: Map<string, number>;
  /** Every valid batch posted, as sent (duplicates included), in order. */
  usageBatches: UsageBatchBody[];
  /** Answer every request with HTTP 401, as the API does for an unknown node key. */
  refuseKey: boolean;
  /** Refuse every valid usage batch with this status and code (e.g. 422 `usageBatchTooLarge`). */
  refuseUsage: { status: number; code: number } | null;
  /** Bytes applied per `kind:subject`. */
  totals(): Map<string, { up: number; down: number }>;
  /** Stops answering (connections refused) until `start` again, on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function send(response: http.ServerResponse, status: number, code: number, data: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code, message: code === 0 ? 'ok' : 'refused', data }));
}

export async function startFakeApi(snapshot: NodeSnapshot | null): Promise<FakeApi> {
  const api = {
    nodeKey: 'gnk_test_key',
    snapshot,
    credentialRequests: [],
    batches: new Map(),
    posts: new Map(),
    usageBatches: [],
    refuseKey: false,
    refuseUsage: null,
  } as unknown as FakeApi;

  const handle = (request: http.IncomingMessage, response: http.ServerResponse, body: string) => {
    if (api.refuseKey || request.headers.authorization !== `Bearer ${api.nodeKey}`) {
      return send(response, 401, 60101, null);
    }
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'GET' && url.pathname === '/api/node/credentials') {
      const since = url.searchParams.get('since');
      api.credentialRequests.push(since);
      const version = api.snapshot?.version ?? 'none';
      const unchanged = !api.snapshot || since === version;
      return send(response, 200, 0, {
        version,
        unchanged,
        snapshot: unchanged ? null : api.snapshot,
      });
    }
    if (request.method === 'POST' && url.pathname === '/api/node/usage') {
      // Checked against the contract's schema as the API does: what the reporter sends must be
      // a batch the API takes.
      const parsed = reportNodeUsage.body.safeParse(JSON.parse(body));
      if (!parsed.success) return send(response, 400, 10001, null);
      const refusal = api.refuseUsage;
      if (refusal) return send(response, refusal.status, refusal.code, null);
      const batch = parsed.data;
      api.usageBatches.push(batch);
      api.posts.set(batch.batchId, (api.posts.get(batch.batchId) ?? 0) + 1);
      const duplicate = api.batches.has(batch.batchId);
      if (!duplicate) api.batches.set(batch.batchId, batch.records);
      return send(response, 200, 0, {
        batchId: batch.batchId,
        duplicate,
        applied: duplicate ? 0 : batch.records.length,
        ignored: 0,
        notOnNode: 0,
      });
    }
    send(response, 404, 10004, null);
  };

  let server: http.Server | null = null;
  let port = 0;
  api.start = async () => {
    const started = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => started.listen(port, '127.0.0.1', resolve));
    port = (started.address() as net.AddressInfo).port;
    api.url = `http://127.0.0.1:${port}`;
    server = started;
  };
  api.stop = async () => {
    const stopping = server;
    server = null;
    if (!stopping) return;
    const closed = new Promise((resolve) => stopping.close(resolve));
    // fetch keeps connections alive: cut them, or close would wait for them.
    stopping.closeAllConnections();
    await closed;
  };
  api.totals = () => {
    const totals = new Map<string, { up: number; down: number }>();
    for (const records of api.batches.values()) {
      for (const record of records) {
        const key = `${record.kind}:${record.subject}`;
        const total = totals.get(key) ?? { up: 0, down: 0 };
        total.up += record.bytesUp;
        total.down += record.bytesDown;
        totals.set(key, total);
      }
    }
    return totals;
  };
  await api.start();
  return api;
}
