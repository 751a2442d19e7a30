// The byte pump between client and destination: both directions with backpressure (a full
// socket pauses the other side until it drains), every payload byte counted once, half-closes
// passed on, and an idle timeout. The hot path is one counter addition and one write per chunk.
import type net from 'node:net';
import type { UsageCounter } from './credentials/usage-counter.ts';

export function relay({
  client,
  upstream,
  counter,
  pendingUp,
  idleTimeoutMs,
}: {
  client: net.Socket;
  upstream: net.Socket;
  counter: UsageCounter;
  /** Bytes for the destination already read during the handshake. */
  pendingUp: Buffer;
  idleTimeoutMs: number;
}): void {
  const closeBoth = () => {
    client.destroy();
    upstream.destroy();
  };
  client.setTimeout(idleTimeoutMs, closeBoth);
  client.on('close', closeBoth);
  upstream.on('close', closeBoth);
  upstream.on('error', closeBoth);

  if (pendingUp.length) {
    counter.addUp(pendingUp.length);
    upstream.write(pendingUp);
  }
  client.on('data', (chunk: Buffer) => {
    counter.addUp(chunk.length);
    if (!upstream.write(chunk)) client.pause();
  });
  upstream.on('drain', () => client.resume());
  upstream.on('data', (chunk: Buffer) => {
    counter.addDown(chunk.length);
    if (!client.write(chunk)) upstream.pause();
  });
  client.on('drain', () => upstream.resume());
  client.on('end', () => upstream.end());
  upstream.on('end', () => client.end());
  client.resume();
  upstream.resume();
}
