// The gateway's two calls to the API, with the node key: the credential snapshot and usage
// batches. Answers are checked against the contract, so a gateway never serves a snapshot it
// misread.
import {
  API_PREFIX,
  getNodeCredentials,
  reportNodeUsage,
  type EndpointData,
  type UsageRecord,
} from '@stratus/contract';

const REQUEST_TIMEOUT_MS = 15_000;

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

export interface ApiClient {
  fetchCredentials(since: string | null): Promise<EndpointData<typeof getNodeCredentials>>;
  reportUsage(batch: {
    batchId: string;
    records: UsageRecord[];
  }): Promise<EndpointData<typeof reportNodeUsage>>;
}

export function createApiClient({
  apiUrl,
  nodeKey,
}: {
  apiUrl: string;
  nodeKey: string;
}): ApiClient {
  const base = `${apiUrl.replace(/\/+$/, '')}${API_PREFIX}`;
  async function call(path: string, init: RequestInit): Promise<unknown> {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${nodeKey}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const envelope = (await response.json().catch(() => null)) as {
      code?: number;
      message?: string;
      data?: unknown;
    } | null;
    if (!response.ok || envelope?.code !== 0) {
      throw new ApiError(envelope?.message ?? `HTTP ${response.status}`, response.status);
    }
    return envelope.data;
  }
  return {
    async fetchCredentials(since) {
      const query = since ? `?since=${encodeURIComponent(since)}` : '';
      return getNodeCredentials.response.parse(
        await call(`${getNodeCredentials.path}${query}`, { method: 'GET' }),
      );
    },
    async reportUsage(batch) {
      return reportNodeUsage.response.parse(
        await call(reportNodeUsage.path, { method: 'POST', body: JSON.stringify(batch) }),
      );
    },
  };
}
