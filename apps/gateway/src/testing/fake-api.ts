// The one stand-in for the API's node endpoints, on 127.0.0.1, for the gateway's tests and the
// gateway benchmark (`npm run bench:gateway`). Paths and shapes come from the contract's endpoint
// objects: it answers `getNodeCredentials` (the snapshot only when changed since `since`) and
// `reportNodeUsage` (each batchId applied once), in the `{code, message, data}` envelope, with
// every answer parsed by the endpoint's response schema, every poll's query (`since` and the
// heartbeat) by its query schema and every batch by its body schema, so
// neither side can drift from the contract unnoticed. It hands out connectivity checks
// (`checks`) and records their reports (`reportNodeInstanceCheck`). It can go down and come back on the same
// port, and refuse the node key or the batches, so the gateway's outage handling can be tested.
import http from 'node:http';
import type net from 'node:net';
import {
  API_PREFIX,
  errors,
  formatErrorMessage,
  getNodeCredentials,
  heartbeatOfQuery,
  reportNodeInstanceCheck,
  reportNodeUsage,
  SUCCESS_CODE,
  type EndpointBody,
  type EndpointData,
  type ErrorName,
  type NodeHeartbeat,
  type NodeInstanceCheck,
  type NodeSnapshot,
  type UsageRecord,
} from '@stratus/contract';

export type UsageBatchBody = EndpointBody<typeof reportNodeUsage>;
export type CheckReportBody = EndpointBody<typeof reportNodeInstanceCheck>;

export interface FakeApi {
  url: string;
  nodeKey: string;
  /** What `getNodeCredentials` serves; change it to publish a new snapshot. */
  snapshot: NodeSnapshot | null;
  /** The `since` of every credential request, in order (null when absent). */
  credentialRequests: (string | null)[];
  /** The heartbeat of every credential request, in order (null when it carried none). */
  heartbeats: (NodeHeartbeat | null)[];
  /** The `wait` of every credential request, in order (null when absent); answered at once. */
  waits: (number | null)[];
  /** Applied batches by id, and how many times each id was posted (duplicates included). */
  batches: Map<string, UsageRecord[]>;
  posts: Map<string, number>;
  /** Every valid batch posted, as sent (duplicates included), in order. */
  usageBatches: UsageBatchBody[];
  /** Connectivity checks every poll hands out; a reported one is no longer handed out. */
  checks: NodeInstanceCheck[];
  /** Every check report posted, in order (repeats included). */
  checkReports: { checkId: string; result: CheckReportBody }[];
  /** Answer every request with HTTP 401, as the API does for an unknown node key. */
  refuseKey: boolean;
  /** Refuse every valid usage batch with this error (e.g. `usageBatchTooLarge`). */
  refuseUsage: ErrorName | null;
  /** Bytes applied per `kind:subject`. */
  totals(): Map<string, { up: number; down: number }>;
  /** Stops answering (connections refused) until `start` again, on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

const CREDENTIALS_PATH = `${API_PREFIX}${getNodeCredentials.path}`;
const USAGE_PATH = `${API_PREFIX}${reportNodeUsage.path}`;

function send(
  response: http.ServerResponse,
  status: number,
  code: number,
  message: string,
  data: unknown,
) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code, message, data }));
}

function refuse(response: http.ServerResponse, name: ErrorName) {
  const { status, code } = errors[name];
  send(response, status, code, formatErrorMessage(name, 'en-US'), null);
}

/** The check id of a `reportNodeInstanceCheck` path, or null for any other path. */
function checkIdOf(pathname: string): string | null {
  const [before, after] = `${API_PREFIX}${reportNodeInstanceCheck.path}`.split(':checkId');
  if (!pathname.startsWith(before!) || !pathname.endsWith(after!)) return null;
  const id = pathname.slice(before!.length, pathname.length - after!.length);
  return /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

export async function startFakeApi(snapshot: NodeSnapshot | null): Promise<FakeApi> {
  const api = {
    nodeKey: 'gnk_test_key',
    snapshot,
    credentialRequests: [],
    heartbeats: [],
    waits: [],
    batches: new Map(),
    posts: new Map(),
    usageBatches: [],
    refuseKey: false,
    refuseUsage: null,
    checks: [],
    checkReports: [],
  } as unknown as FakeApi;

  function answerCredentials(
    query: URLSearchParams,
  ): EndpointData<typeof getNodeCredentials> | null {
    const parsed = getNodeCredentials.query.safeParse(Object.fromEntries(query));
    if (!parsed.success) return null;
    const since = parsed.data.since ?? null;
    api.credentialRequests.push(since);
    api.heartbeats.push(heartbeatOfQuery(parsed.data));
    api.waits.push(parsed.data.wait ?? null);
    const version = api.snapshot?.version ?? 'none';
    const unchanged = !api.snapshot || since === version;
    return getNodeCredentials.response.parse({
      version,
      unchanged,
      snapshot: unchanged ? null : api.snapshot,
      checks: api.checks,
    });
  }

  function applyBatch(batch: UsageBatchBody): EndpointData<typeof reportNodeUsage> {
    api.usageBatches.push(batch);
    api.posts.set(batch.batchId, (api.posts.get(batch.batchId) ?? 0) + 1);
    const duplicate = api.batches.has(batch.batchId);
    if (!duplicate) api.batches.set(batch.batchId, batch.records);
    return reportNodeUsage.response.parse({
      batchId: batch.batchId,
      duplicate,
      applied: duplicate ? 0 : batch.records.length,
      ignored: 0,
      notOnNode: 0,
    });
  }

  const handle = (request: http.IncomingMessage, response: http.ServerResponse, body: string) => {
    if (api.refuseKey || request.headers.authorization !== `Bearer ${api.nodeKey}`) {
      return refuse(response, 'nodeKeyInvalid');
    }
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === getNodeCredentials.method && url.pathname === CREDENTIALS_PATH) {
      const data = answerCredentials(url.searchParams);
      if (!data) return refuse(response, 'validationFailed');
      return send(response, 200, SUCCESS_CODE, 'ok', data);
    }
    if (request.method === reportNodeUsage.method && url.pathname === USAGE_PATH) {
      // Checked against the contract's schema as the API does: what the reporter sends must be
      // a batch the API takes.
      let parsed;
      try {
        parsed = reportNodeUsage.body.safeParse(JSON.parse(body));
      } catch {
        return refuse(response, 'malformedRequest');
      }
      if (!parsed.success) return refuse(response, 'validationFailed');
      if (api.refuseUsage) return refuse(response, api.refuseUsage);
      return send(response, 200, SUCCESS_CODE, 'ok', applyBatch(parsed.data));
    }
    const checkId = checkIdOf(url.pathname);
    if (request.method === reportNodeInstanceCheck.method && checkId) {
      let parsed;
      try {
        parsed = reportNodeInstanceCheck.body.safeParse(JSON.parse(body));
      } catch {
        return refuse(response, 'malformedRequest');
      }
      if (!parsed.success) return refuse(response, 'validationFailed');
      const pending = api.checks.some((check) => check.checkId === checkId);
      api.checkReports.push({ checkId, result: parsed.data });
      api.checks = api.checks.filter((check) => check.checkId !== checkId);
      const data = reportNodeInstanceCheck.response.parse({ recorded: pending });
      return send(response, 200, SUCCESS_CODE, 'ok', data);
    }
    refuse(response, 'routeNotFound');
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
