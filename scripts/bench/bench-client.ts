// The benchmark's own client, kept cheap because it shares the cores with what it measures: reads
// land in one reusable 1 MiB buffer (`onread`, no Buffer per chunk, no 'data' events) and only
// their sizes are counted. It speaks just enough SOCKS5 (RFC 1928, RFC 1929) and HTTP CONNECT to
// open a tunnel, then sends one HTTP request and reads the answer to its last byte, which its
// Content-Length tells, and closes. It does not wait for the far end to close: a proxy may keep
// the client's side open after the destination closed (V2Ray waits `uplinkOnly`, 1 s by default,
// for the client to finish), and that wait is the proxy's policy, not its speed. Every path is
// read and closed the same way.
import net from 'node:net';

export type RouteKind = 'direct' | 'socks5' | 'connect';

export interface Route {
  /** direct: to the target itself (or a relay that is a fixed tunnel to it). */
  kind: RouteKind;
  via: { host: string; port: number };
  /** Omitted: SOCKS5 offers "no authentication", CONNECT sends no Proxy-Authorization. */
  credentials?: { username: string; password: string };
}

export interface Exchange {
  /** Bytes received after the tunnel opened (the whole HTTP answer). */
  received: number;
  /** Bytes sent after the tunnel opened (the request). */
  sent: number;
  /** Milliseconds from connect() to the first byte of the answer. */
  firstByteMs: number;
  /** Milliseconds from sending the request to the answer's last byte. */
  transferMs: number;
}

interface Step {
  send: Buffer;
  /** How many bytes the answer takes, null while incomplete; throws on a refusal. */
  answer(bytes: Buffer): number | null;
}

const fixedAnswer =
  (length: number, what: string, ok: number) =>
  (bytes: Buffer): number | null => {
    if (bytes.length < length) return null;
    if (bytes[1] !== ok) throw new Error(`${what} refused: ${bytes[1]}`);
    return length;
  };

function socks5Steps(target: { host: string; port: number }, route: Route): Step[] {
  const steps: Step[] = [];
  const method = route.credentials ? 0x02 : 0x00;
  steps.push({ send: Buffer.from([0x05, 0x01, method]), answer: fixedAnswer(2, 'method', method) });
  if (route.credentials) {
    const user = Buffer.from(route.credentials.username);
    const pass = Buffer.from(route.credentials.password);
    steps.push({
      send: Buffer.concat([
        Buffer.from([0x01, user.length]),
        user,
        Buffer.from([pass.length]),
        pass,
      ]),
      answer: fixedAnswer(2, 'authentication', 0x00),
    });
  }
  const request = Buffer.from([
    0x05,
    0x01,
    0x00,
    0x01,
    ...target.host.split('.').map(Number),
    0,
    0,
  ]);
  request.writeUInt16BE(target.port, request.length - 2);
  steps.push({
    send: request,
    answer(bytes) {
      if (bytes.length < 5) return null;
      if (bytes[1] !== 0x00) throw new Error(`request refused: ${bytes[1]}`);
      const addressLength = bytes[3] === 0x04 ? 16 : bytes[3] === 0x03 ? 1 + bytes[4]! : 4;
      const length = 4 + addressLength + 2;
      return bytes.length >= length ? length : null;
    },
  });
  return steps;
}

function connectSteps(target: { host: string; port: number }, route: Route): Step[] {
  const authority = `${target.host}:${target.port}`;
  const authorization = route.credentials
    ? `Proxy-Authorization: Basic ${Buffer.from(`${route.credentials.username}:${route.credentials.password}`).toString('base64')}\r\n`
    : '';
  return [
    {
      send: Buffer.from(
        `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${authorization}\r\n`,
      ),
      answer(bytes) {
        const end = bytes.indexOf('\r\n\r\n');
        if (end < 0) return null;
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(bytes.toString('latin1', 0, end))?.[1];
        if (status !== '200') throw new Error(`CONNECT refused: ${status}`);
        return end + 4;
      },
    },
  ];
}

/** An answer's head is at most this long (the target's are a few hundred bytes). */
const MAX_HEAD_BYTES = 16 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * Where an HTTP answer ends: its head is kept until complete, then the body is only counted
 * against Content-Length. Without one, the answer ends when the far end closes.
 */
export class AnswerFraming {
  private head: Buffer | null = Buffer.alloc(0);
  /** Body bytes still to come; null until the head is read, or when it has no Content-Length. */
  private bodyLeft: number | null = null;

  /** Takes the next bytes of the answer; true once the answer is complete. */
  take(bytes: Buffer): boolean {
    if (this.head) {
      const head = Buffer.concat([this.head, bytes]);
      const end = head.indexOf(HEAD_END);
      if (end < 0) {
        if (head.length > MAX_HEAD_BYTES) throw new Error('answer head too long');
        this.head = head;
        return false;
      }
      this.head = null;
      const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head.toString('latin1', 0, end + 2));
      if (!length) return false;
      this.bodyLeft = Number(length[1]) - (head.length - end - HEAD_END.length);
    } else if (this.bodyLeft !== null) {
      this.bodyLeft -= bytes.length;
    }
    return this.bodyLeft !== null && this.bodyLeft <= 0;
  }

  /** The head was read and said how long the body is. */
  get framed(): boolean {
    return this.head === null && this.bodyLeft !== null;
  }
}

/** Reads are only counted, never kept past their callback: every socket may share the buffer. */
const readBuffer = Buffer.allocUnsafe(1024 * 1024);

/**
 * Opens a tunnel along `route` to `target` (an IPv4 address), sends `request` through it and
 * reads until the far end closes.
 */
export function exchange(
  route: Route,
  target: { host: string; port: number },
  request: string,
): Promise<Exchange> {
  const steps =
    route.kind === 'socks5'
      ? socks5Steps(target, route)
      : route.kind === 'connect'
        ? connectSteps(target, route)
        : [];
  const payload = Buffer.from(request);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let requestedAt = started;
    let firstByteAt = 0n;
    let received = 0;
    let step = 0;
    let handshake = Buffer.alloc(0);
    const answer = new AnswerFraming();
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      const ended = process.hrtime.bigint();
      // Everything sent to us was read: close() sends a FIN, never a reset, on every path alike.
      socket.destroy();
      if (error) return reject(error);
      resolve({
        received,
        sent: payload.length,
        firstByteMs: Number(firstByteAt - started) / 1e6,
        transferMs: Number(ended - requestedAt) / 1e6,
      });
    };
    const next = () => {
      if (step < steps.length) return void socket.write(steps[step]!.send);
      requestedAt = process.hrtime.bigint();
      socket.write(payload);
    };
    /** Answer bytes at `buffer[start, end)`; false once the answer is complete. */
    const arrived = (buffer: Buffer, start: number, end: number): boolean => {
      if (end <= start) return true;
      if (!firstByteAt) firstByteAt = process.hrtime.bigint();
      received += end - start;
      let complete: boolean;
      try {
        complete = answer.take(buffer.subarray(start, end));
      } catch (error) {
        finish(error as Error);
        return false;
      }
      if (!complete) return true;
      finish();
      return false;
    };
    const onRead = (bytes: number, buffer: Buffer): boolean => {
      if (settled) return false;
      if (step >= steps.length) return arrived(buffer, 0, bytes);
      handshake = Buffer.concat([handshake, buffer.subarray(0, bytes)]);
      let used: number | null;
      try {
        used = steps[step]!.answer(handshake);
      } catch (error) {
        finish(error as Error);
        return false;
      }
      if (used === null) return true;
      const rest = handshake.subarray(used);
      handshake = rest;
      step += 1;
      next();
      return step >= steps.length ? arrived(rest, 0, rest.length) : true;
    };
    const socket = net.connect({
      ...route.via,
      noDelay: true,
      onread: { buffer: readBuffer, callback: onRead },
    });
    socket.once('connect', next);
    socket.once('error', (error) => finish(error));
    socket.once('end', () => {
      if (step < steps.length) return finish(new Error('closed during the handshake'));
      // An answer without Content-Length ends here; one with it must have been complete.
      if (answer.framed) return finish(new Error('closed before the answer was complete'));
      finish();
    });
  });
}
