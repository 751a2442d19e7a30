import {
  fillPath,
  type EndpointDefinition,
  type EndpointOfRoute,
  type EndpointQuery,
  type EndpointRoute,
} from '@stratus/contract';
import { i18n } from '../i18n/i18n.ts';
import { signOut } from '../session.ts';
import { showErrorToast } from '../ui/feedback.ts';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import {
  buildHeaders,
  buildUrl,
  describeFailure,
  isQuietExportRefusal,
  readEnvelope,
} from './client.ts';

export interface DownloadOptions<E extends EndpointDefinition> {
  params?: Record<string, string | number>;
  query?: EndpointQuery<E>;
  /** Used when the server names no file in Content-Disposition. */
  fileName: string;
}

/** `filename*=UTF-8''…` (RFC 6266) wins over a plain `filename="…"`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Hands a blob to the browser as a download through a temporary link (no inline script). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file endpoint (e.g. a CSV export) with the same headers as every API call. A
 * failure answers the envelope: its message is toasted and thrown like `callEndpoint` does,
 * with the same seed exception for a refused envelope on an export path (thrown, not toasted).
 */
export async function downloadEndpointFile<R extends EndpointRoute>(
  endpoint: R,
  { params, query, fileName }: DownloadOptions<EndpointOfRoute<R>>,
): Promise<void> {
  const path = fillPath(endpoint.path, params);
  const url = buildUrl(path, query);
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers: { ...buildHeaders(false), Accept: '*/*' },
    });
  } catch {
    const message = i18n.t('http.error.network');
    showErrorToast(message);
    throw new ApiError({ code: CLIENT_ERROR_CODES.network, status: 0, message });
  }
  const isEnvelope = (response.headers.get('Content-Type') ?? '').includes('application/json');
  if (response.ok && !isEnvelope) {
    const name = fileNameFromDisposition(response.headers.get('Content-Disposition'));
    saveBlob(await response.blob(), name ?? fileName);
    return;
  }
  const envelope = readEnvelope(await response.text());
  const error = describeFailure(response, envelope);
  if (!isQuietExportRefusal(path, response, envelope)) showErrorToast(error.message);
  if (response.status === 401 && endpoint.access !== 'public') signOut('sessionExpired');
  throw error;
}
