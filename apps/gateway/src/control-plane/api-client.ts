// The gateway's calls to the API, with the node key: the credential snapshot, usage batches and
// connectivity-check results. Answers are unwrapped from the `{code, message, data}` envelope and checked against
// the contract's schemas, so a gateway never serves a snapshot it misread.
import {
  buildEndpointUrl,
  getNodeCredentials,
  reportNodeInstanceCheck,
  reportNodeUsage,
  type EndpointBody,
  SUCCESS_CODE,
  type EndpointData,
  type UsageRecord,
} from '@stratus/contract';
import type { HeartbeatReport } from './heartbeat.ts';

const DEFAULT_TIMEOUT_MS = 15_000;

/** The API answered, but not with success; `status` is the HTTP status. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** The envelope's error code, when the answer had one. */
  readonly code: number | null;
  constructor(message: string, status: number, code: number | null) {
    super(message);
    this.status = status;
    this.code = code;
  }

  /** The node key was refused: retrying will not help until the key is fixed. */
  get isUnauthorized(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** The request itself was refused as invalid: sending it again can never succeed. */
  get isRejected(): boolean {
    return this.status === 400 || this.status === 413 || this.status === 422;
  }
}

export type CredentialsAnswer = EndpointData<typeof getNodeCredentials>;
export type UsageAnswer = EndpointData<typeof reportNodeUsage>;

export interface UsageBatch {
  batchId: string;
  /**
   * The interval the bytes were metered in (ISO 8601). Absent only in batches an older gateway
   * spooled; the API then assumes its shortest interval.
   */
  from?: string;
  to?: string;
  records: UsageRecord[];
  /** Allowlist entries that admitted connections in the interval, with the latest time each did. */
  allowlistUsed?: { entryId: string; at: string }[];
}

export interface ApiClient {
  /** The snapshot unless it is still `since`; the poll carries the heartbeat, when given. */
  /**
   * `waitSeconds`: with nothing to hand out, the API may hold the answer that long and answers
   * as soon as a connectivity check of this node is asked for.
   */
  fetchCredentials(
    since: string | null,
    heartbeat?: HeartbeatReport,
    /** `stop`: abandons the call (the gateway stops; a held poll must not outlive it). */
    options?: { waitSeconds?: number; stop?: AbortSignal },
  ): Promise<CredentialsAnswer>;
  reportUsage(batch: UsageBatch, options?: { timeoutMs?: number }): Promise<UsageAnswer>;
  /** The result of a connectivity check; a check reported before is left as it was. */
  reportCheck(
    checkId: string,
    result: EndpointBody<typeof reportNodeInstanceCheck>,
  ): Promise<EndpointData<typeof reportNodeInstanceCheck>>;
}

export function createApiClient({
  apiUrl,
  nodeKey,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: {
  /** The API's origin, e.g. `https://console.example.com` (the `/api` prefix is added). */
  apiUrl: string;
  nodeKey: string;
  timeoutMs?: number;
}): ApiClient {
  const origin = apiUrl.replace(/\/+$/, '');

  /** `address` is below the origin: `/api/…`, with its query. */
  async function call(
    address: string,
    init: RequestInit,
    callTimeoutMs: number,
    stop?: AbortSignal,
  ): Promise<unknown> {
    const timeout = AbortSignal.timeout(callTimeoutMs);
    const response = await fetch(`${origin}${address}`, {
      ...init,
      headers: {
        authorization: `Bearer ${nodeKey}`,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      signal: stop ? AbortSignal.any([timeout, stop]) : timeout,
    });
    const envelope = (await response.json().catch(() => null)) as {
      code?: unknown;
      message?: unknown;
      data?: unknown;
    } | null;
    const code = typeof envelope?.code === 'number' ? envelope.code : null;
    if (!response.ok || code !== SUCCESS_CODE) {
      const message = typeof envelope?.message === 'string' ? envelope.message : '';
      throw new ApiError(
        `${init.method} ${address.split('?')[0]}: HTTP ${response.status}${message ? ` ${message}` : ''}`,
        response.status,
        code,
      );
    }
    return envelope!.data;
  }

  return {
    async fetchCredentials(since, heartbeat, options = {}) {
      const { waitSeconds, stop } = options;
      const query = { since: since ?? undefined, wait: waitSeconds, ...heartbeat };
      const address = buildEndpointUrl(getNodeCredentials, { query });
      // A held answer takes up to its wait more than any other call.
      const data = await call(
        address,
        { method: 'GET' },
        timeoutMs + (waitSeconds ?? 0) * 1000,
        stop,
      );
      return getNodeCredentials.response.parse(data);
    },
    async reportUsage(batch, options = {}) {
      const init = { method: 'POST', body: JSON.stringify(batch) };
      const data = await call(
        buildEndpointUrl(reportNodeUsage),
        init,
        options.timeoutMs ?? timeoutMs,
      );
      return reportNodeUsage.response.parse(data);
    },
    async reportCheck(checkId, result) {
      const address = buildEndpointUrl(reportNodeInstanceCheck, { params: { checkId } });
      const data = await call(address, { method: 'POST', body: JSON.stringify(result) }, timeoutMs);
      return reportNodeInstanceCheck.response.parse(data);
    },
  };
}
