// One POST of a delivery: the body as it was written, signed now, to the endpoint's URL. Redirects
// are not followed (a 3xx is a failure, like any answer outside 2xx); the answer's body is read
// and dropped; the whole exchange has a deadline.
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, isPrivateLiteral } from './destination.ts';

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Production: refuse hosts that are, or resolve to, reserved addresses. */
  refusePrivate: boolean;
  timeoutMs: number;
}

export interface PostOutcome {
  /** The endpoint answered 2xx. */
  ok: boolean;
  /** Its HTTP status; null when it never answered. */
  status: number | null;
  /** Why there was no answer. */
  error: string | null;
  durationMs: number;
}

export type PostWebhook = (post: WebhookPost) => Promise<PostOutcome>;

/** The most of an answer's body read before the connection is dropped. */
const ANSWER_BYTES_READ = 64 * 1024;
/** The longest error text kept. */
const ERROR_TEXT_MAX = 300;

function errorText(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, ERROR_TEXT_MAX);
}

/** Reads up to `ANSWER_BYTES_READ` of the answer, then lets the connection go. */
function drain(response: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    response.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > ANSWER_BYTES_READ) {
        response.destroy();
        resolve();
      }
    });
    response.on('end', resolve);
    response.on('error', () => resolve());
    response.on('close', resolve);
  });
}

export const postWebhook: PostWebhook = async ({
  url,
  body,
  headers,
  refusePrivate,
  timeoutMs,
}) => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  if (refusePrivate && isPrivateLiteral(target)) {
    return {
      ok: false,
      status: null,
      error: `${target.hostname} is a private or reserved address; not sent`,
      durationMs: 0,
    };
  }
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
    signal: AbortSignal.timeout(timeoutMs),
    // A fresh connection per delivery: each one is looked up (and checked) again.
    agent: false,
    ...(refusePrivate ? { lookup: guardedLookup } : {}),
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const request = send(target, options, (response) => {
        const code = response.statusCode ?? 0;
        void drain(response).then(() => resolve(code));
      });
      request.on('error', reject);
      request.end(body);
    });
    return { ok: status >= 200 && status < 300, status, error: null, durationMs: elapsed() };
  } catch (error) {
    return { ok: false, status: null, error: errorText(error, timeoutMs), durationMs: elapsed() };
  }
};
