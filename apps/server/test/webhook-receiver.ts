// A customer's webhook receiver, written from docs/webhooks.md alone (not from the server's code):
// it reads the raw body, checks `Stratus-Signature` the way the docs describe, refuses a request
// more than five minutes from its own clock, de-duplicates by the event's id and answers what the
// test asks it to. It stands on the other side of every webhook delivery test.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Whether the signature held (and the timestamp was within tolerance). */
  verified: boolean;
  /** The status it answered. */
  status: number;
}

export interface ReceivedEvent {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface WebhookReceiver {
  url: string;
  /** Every request, in arrival order. */
  requests: ReceivedRequest[];
  /** The events it accepted, each id once. */
  events: ReceivedEvent[];
  /** The status of the next requests that pass verification, then 200 (`[500, 500]`: two 500s). */
  answerNext(statuses: number[]): void;
  /** The receiver's clock, in unix seconds (the real one unless moved). */
  clockSkewSeconds: number;
  close(): Promise<void>;
}

/** The docs' verification, in the docs' own steps. */
export function verifyStratusSignature(
  rawBody: string,
  header: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const fields = header.split(',').map((part) => part.trim().split('='));
  const t = Number(fields.find(([key]) => key === 't')?.[1]);
  const signatures = fields.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return signatures.some((value) => {
    const given = Buffer.from(value, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Starts a receiver on 127.0.0.1 that verifies with `secret()` (known once the endpoint is made). */
export async function startWebhookReceiver(secret: () => string): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const events: ReceivedEvent[] = [];
  const seen = new Set<string>();
  let planned: number[] = [];
  const receiver = {
    requests,
    events,
    clockSkewSeconds: 0,
    answerNext(statuses: number[]) {
      planned = [...statuses];
    },
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const header = request.headers['stratus-signature'];
      const now = Date.now() / 1000 + receiver.clockSkewSeconds;
      const verified =
        request.method === 'POST' &&
        typeof header === 'string' &&
        verifyStratusSignature(rawBody, header, secret(), now);
      let status = verified ? (planned.shift() ?? 200) : 400;
      if (verified && status >= 200 && status < 300) {
        const event = JSON.parse(rawBody) as ReceivedEvent;
        if (!seen.has(event.id)) {
          seen.add(event.id);
          events.push(event);
        }
      }
      if (!verified) status = 400;
      requests.push({ headers: request.headers, rawBody, verified, status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(verified ? 'ok' : 'bad');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks/stratus`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
