// The byte pump between client and destination: both directions with backpressure (a full
// socket pauses the other side until it drains, as pipe() does), every payload byte counted once,
// half-closes passed on, and idle tunnels closed by the sweeper. The hot path per chunk is a
// counter addition, a flag write and a socket write: no clock, no log, and downstream (usually
// the bulk of the bytes) no Buffer allocation either (`reusable-reads.ts`).
import type net from 'node:net';
import type { UsageCounter } from './credentials/usage-counter.ts';
import type { IdleSweeper } from './idle-sweeper.ts';
import type { RequestBodyTracker } from './protocol/request-body.ts';
import type { ReusableReads } from './reusable-reads.ts';

export function relay({
  client,
  upstream,
  upstreamReads,
  counter,
  idle,
  head,
  pendingUp,
  requestBody,
}: {
  client: net.Socket;
  /** Connected with `upstreamReads.onread`: its reads arrive there, not as 'data' events. */
  upstream: net.Socket;
  upstreamReads: ReusableReads;
  counter: UsageCounter;
  idle: IdleSweeper;
  /** Bytes the gateway itself sends the destination first (a rewritten request head). */
  head?: Buffer;
  /** Bytes for the destination the client sent during the handshake. */
  pendingUp: Buffer;
  /**
   * Absolute-URI forwarding: only the one request's body goes up; what the client sends after
   * it is dropped (the origin was told `Connection: close`).
   */
  requestBody?: RequestBodyTracker;
}): void {
  const activity = { active: true, close: closeBoth };
  const unwatch = idle.watch(activity);
  function closeBoth(): void {
    unwatch();
    client.destroy();
    upstream.destroy();
    upstreamReads.release();
  }
  client.on('close', closeBoth);
  upstream.on('close', closeBoth);
  upstream.on('error', closeBoth);

  const forwardTunnel = (chunk: Buffer): void => {
    counter.addUp(chunk.length);
    activity.active = true;
    if (!upstream.write(chunk)) client.pause();
  };
  const forwardRequestBody = (chunk: Buffer): void => {
    if (requestBody!.done) return;
    let taken: number;
    try {
      taken = requestBody!.take(chunk);
    } catch {
      closeBoth();
      return;
    }
    if (taken) forwardTunnel(taken === chunk.length ? chunk : chunk.subarray(0, taken));
  };
  const forwardUp = requestBody ? forwardRequestBody : forwardTunnel;

  if (head) forwardTunnel(head);
  if (pendingUp.length) forwardUp(pendingUp);
  client.on('data', forwardUp);
  upstream.on('drain', () => client.resume());
  const forwardDown = (bytes: number, buffer: Buffer): boolean => {
    counter.addDown(bytes);
    activity.active = true;
    return upstreamReads.writeTo(client, bytes, buffer);
  };
  for (const chunk of upstreamReads.attach(forwardDown, () => upstream.resume())) {
    counter.addDown(chunk.length);
    client.write(chunk);
  }
  client.on('drain', () => upstream.resume());
  client.on('end', () => upstream.end());
  upstream.on('end', () => client.end());
  // The pending bytes may have filled the destination's buffer: then wait for its 'drain'.
  if (!upstream.writableNeedDrain) client.resume();
  upstream.resume();
}
