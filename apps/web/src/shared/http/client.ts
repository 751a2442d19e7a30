import {
  API_PREFIX,
  CURRENCY,
  SUCCESS_CODE,
  exportTypes,
  fillPath,
  type EndpointBody,
  type EndpointData,
  type EndpointDefinition,
  type EndpointOfRoute,
  type EndpointParams,
  type EndpointQuery,
  type EndpointRoute,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { readToken, signOut } from '../session.ts';
import { showErrorToast } from '../ui/feedback.ts';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { provePasskey } from '../passkeys.ts';
import type { StepUpActions } from './step-up-actions.ts';
import { isStepUpRequired, requestStepUp } from './step-up.ts';

export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * The export paths: the seed's three (`all`, `vmess`, `socks5`) and the formats added beside them,
 * which answer alike and are handled alike by the pages that download them.
 */
const EXPORT_PATH = new RegExp(`^/proxy/instances/export/(?:${exportTypes.join('|')})$`);

export interface CallOptions<E extends EndpointDefinition> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** Skip the error toast: the caller shows the error itself (e.g. inline in a form). */
  silent?: boolean;
  /** Cancels the call (TanStack Query passes one); a cancelled call toasts nothing. */
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`); they cannot replace the standard ones. */
  headers?: Record<string, string>;
}

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

export function readEnvelope(text: string): Envelope | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { code, message, data } = value as Record<string, unknown>;
    if (typeof code !== 'number' || typeof message !== 'string') return null;
    return { code, message, data };
  } catch {
    return null;
  }
}

export function buildUrl(path: string, query: unknown): string {
  const search = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
    }
  }
  const queryString = search.toString();
  return `${API_PREFIX}${path}${queryString ? `?${queryString}` : ''}`;
}

export function buildHeaders(hasBody: boolean): Record<string, string> {
  const token = readToken();
  return {
    Accept: 'application/json',
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    // Seed: the header is always sent, with an empty value when signed out.
    Authorization: token ? `Bearer ${token}` : '',
    'Accept-Language': currentLanguage(),
    currencyCode: CURRENCY,
  };
}

/** Sends the request and reads the body, both under the one 120 s timeout. */
async function send(url: string, init: RequestInit, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    return { response, text };
  } catch (cause) {
    if (callerSignal?.aborted) throw cause;
    throw new ApiError(
      timedOut
        ? { code: CLIENT_ERROR_CODES.timeout, status: 0, message: i18n.t('http.error.timeout') }
        : { code: CLIENT_ERROR_CODES.network, status: 0, message: i18n.t('http.error.network') },
    );
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * Seed §8: on the export paths (the seed's three and the formats added since) a 2xx answer whose envelope code is not 0 raises no toast
 * (the caller still gets the error). An HTTP error there toasts the server's message like any
 * other, and so does an unreadable answer.
 */
export function isQuietExportRefusal(
  path: string,
  response: Response,
  envelope: Envelope | null,
): boolean {
  return (
    response.ok && envelope !== null && envelope.code !== SUCCESS_CODE && EXPORT_PATH.test(path)
  );
}

export function describeFailure(response: Response, envelope: Envelope | null): ApiError {
  const { status } = response;
  if (envelope) return new ApiError({ code: envelope.code, message: envelope.message, status });
  if (response.ok) {
    const message = i18n.t('http.error.unreadable');
    return new ApiError({ code: CLIENT_ERROR_CODES.unreadable, message, status });
  }
  const message = i18n.t('http.error.status', { status });
  return new ApiError({ code: CLIENT_ERROR_CODES.httpStatus, message, status });
}

/** What the step-up modal calls: silent, it shows refusals under its own fields. */
const stepUpActions: StepUpActions = {
  factors: async () => (await callEndpoint(apiRoutes.getTwoStepStatus, { silent: true })).factors,
  stepUp: async (body) => {
    await callEndpoint(apiRoutes.stepUp, { body, silent: true });
  },
  stepUpWithPasskey: async () => {
    const options = await callEndpoint(apiRoutes.startPasskeyStepUp, { silent: true });
    const passkey = await provePasskey(options);
    await callEndpoint(apiRoutes.stepUp, { body: { passkey }, silent: true });
  },
};

/**
 * Calls a contract endpoint through its route (`apiRoutes` of `@stratus/contract/routes`: the
 * answers are not checked here, so the browser need not build the schemas). Resolves the envelope's `data` when `code` is 0; otherwise toasts
 * the error once (unless silent, or an export path's refused envelope) and rejects with an
 * ApiError. A 401 on a signed-in endpoint also signs out; public endpoints (sign-in) answer 401
 * for bad credentials. A 403 `stepUpRequired` (money and access want a fresh factor) opens the
 * step-up modal and, once the person has proved it, sends the call again, once; cancelled, the
 * call rejects with the refusal, without a toast.
 */
export async function callEndpoint<R extends EndpointRoute>(
  endpoint: R,
  options: CallOptions<EndpointOfRoute<R>> = {},
): Promise<EndpointData<EndpointOfRoute<R>>> {
  try {
    return await callOnce(endpoint, options, { quietStepUp: true });
  } catch (error) {
    if (!isStepUpRequired(error)) throw error;
    if (!(await requestStepUp(stepUpActions))) throw error;
    return callOnce(endpoint, options, { quietStepUp: false });
  }
}

async function callOnce<R extends EndpointRoute>(
  endpoint: R,
  options: CallOptions<EndpointOfRoute<R>>,
  /** Leave a step-up refusal untoasted: the modal asks instead. */
  { quietStepUp }: { quietStepUp: boolean },
): Promise<EndpointData<EndpointOfRoute<R>>> {
  const path = fillPath(endpoint.path, (options.params ?? {}) as Record<string, string | number>);
  const hasBody = options.body !== undefined;
  let result: { response: Response; text: string };
  try {
    result = await send(
      buildUrl(path, options.query),
      {
        method: endpoint.method,
        headers: { ...options.headers, ...buildHeaders(hasBody) },
        body: hasBody ? JSON.stringify(options.body) : undefined,
      },
      options.signal,
    );
  } catch (error) {
    if (error instanceof ApiError && !options.silent) showErrorToast(error.message);
    throw error;
  }

  const { response, text } = result;
  if (endpoint.raw && response.ok) return text as EndpointData<EndpointOfRoute<R>>;
  const envelope = readEnvelope(text);
  if (response.ok && envelope?.code === SUCCESS_CODE)
    return envelope.data as EndpointData<EndpointOfRoute<R>>;

  const error = describeFailure(response, envelope);
  const quiet = options.silent || (quietStepUp && isStepUpRequired(error));
  if (!quiet && !isQuietExportRefusal(path, response, envelope)) {
    showErrorToast(error.message);
  }
  if (response.status === 401 && endpoint.access !== 'public') signOut('sessionExpired');
  throw error;
}
