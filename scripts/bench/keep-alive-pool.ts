// The paced load's connections: HTTP/1.1 keep-alive over raw sockets, one request at a time on
// each. node:http's client cost about 0.15 ms of CPU a request here (a ClientRequest and an
// IncomingMessage each, header validation, stream events), three times autocannon's whole cost,
// on the two cores the server under test shares; this writes one string a request and reads the
// answer only far enough to know its status and where it ends (Content-Length, or chunked).
import net from 'node:net';

/** One request as a load generator sends it; the path is its target's. */
export interface BenchRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** How a request ended: an HTTP status, or a connection error. */
export type Outcome = { status: number } | { error: string };

/** Sends `request`; calls `answered` once, at its answer's last byte or on an error. */
export type Send = (request: BenchRequest, answered: (outcome: Outcome) => void) => void;

const HEADERS_END = Buffer.from('\r\n\r\n');

/**
 * How many bytes of `bytes` the HTTP answer at its start takes, and its status; null while it is
 * incomplete. Throws on what it cannot read.
 */
export function measureAnswer(bytes: Buffer): { status: number; length: number } | null {
  const headersEnd = bytes.indexOf(HEADERS_END);
  if (headersEnd < 0) return null;
  const head = bytes.toString('latin1', 0, headersEnd);
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
  if (!status) throw new Error(`not an HTTP/1.1 answer: ${JSON.stringify(head.slice(0, 40))}`);
  const bodyStart = headersEnd + HEADERS_END.length;
  const contentLength = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (contentLength) {
    const length = bodyStart + Number(contentLength[1]);
    return bytes.length >= length ? { status: Number(status[1]), length } : null;
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    // Chunks: size in hex (extensions after ';'), CRLF, data, CRLF; a chunk of 0 ends, followed
    // by trailers and an empty line.
    let at = bodyStart;
    for (;;) {
      const lineEnd = bytes.indexOf('\r\n', at, 'latin1');
      if (lineEnd < 0) return null;
      const size = Number.parseInt(bytes.toString('latin1', at, lineEnd).split(';')[0]!, 16);
      if (Number.isNaN(size)) throw new Error('a chunk without a size');
      if (size === 0) {
        // The last chunk's line ends the (empty) trailers' block when no trailer follows.
        const end = bytes.indexOf(HEADERS_END, lineEnd);
        return end < 0 ? null : { status: Number(status[1]), length: end + HEADERS_END.length };
      }
      at = lineEnd + 2 + size + 2;
      if (bytes.length < at) return null;
    }
  }
  // Neither: a body-less answer (204, 304) or one that ends with the connection, which a
  // keep-alive benchmark cannot use.
  const code = Number(status[1]);
  if (code === 204 || code === 304 || (code >= 100 && code < 200)) {
    return { status: code, length: bodyStart };
  }
  throw new Error(`an answer (${code}) with neither Content-Length nor chunked encoding`);
}

interface Connection {
  socket: net.Socket;
  pending: Buffer | null;
  answered: ((outcome: Outcome) => void) | null;
}

/**
 * Up to `connections` keep-alive connections to `url`'s origin; the caller keeps at most that
 * many requests in flight (PacedLoad does), so a free one is always at hand.
 */
export function createKeepAlivePool({ url, connections }: { url: string; connections: number }) {
  const { hostname, port, pathname, search, host } = new URL(url);
  const path = `${pathname}${search}`;
  const free: Connection[] = [];
  const open = new Set<Connection>();

  const fail = (connection: Connection, reason: string) => {
    open.delete(connection);
    const index = free.indexOf(connection);
    if (index >= 0) free.splice(index, 1);
    connection.socket.destroy();
    const answered = connection.answered;
    connection.answered = null;
    answered?.({ error: reason });
  };

  const connect = (): Connection => {
    const socket = net.connect({ host: hostname, port: Number(port) || 80, noDelay: true });
    const connection: Connection = { socket, pending: null, answered: null };
    open.add(connection);
    socket.on('data', (chunk: Buffer) => {
      const bytes = connection.pending ? Buffer.concat([connection.pending, chunk]) : chunk;
      let measured;
      try {
        measured = measureAnswer(bytes);
      } catch (error) {
        fail(connection, (error as Error).message);
        return;
      }
      if (!measured) {
        connection.pending = bytes;
        return;
      }
      if (measured.length !== bytes.length || !connection.answered) {
        fail(connection, 'bytes beyond the answer to the one request in flight');
        return;
      }
      connection.pending = null;
      const answered = connection.answered;
      connection.answered = null;
      free.push(connection);
      answered({ status: measured.status });
    });
    socket.on('error', (error) => fail(connection, error.message));
    socket.on('close', () => fail(connection, 'connection closed'));
    return connection;
  };

  const send: Send = (request: BenchRequest, answered) => {
    if (open.size - free.length >= connections) {
      answered({ error: 'more requests in flight than connections' });
      return;
    }
    const connection = free.pop() ?? connect();
    connection.answered = answered;
    let head = `${request.method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
    for (const [name, value] of Object.entries(request.headers)) head += `${name}: ${value}\r\n`;
    if (request.body !== undefined) {
      head += `content-length: ${Buffer.byteLength(request.body)}\r\n`;
    }
    connection.socket.write(`${head}\r\n${request.body ?? ''}`);
  };

  return {
    send,
    close() {
      for (const connection of [...open]) fail(connection, 'the load generator stopped');
    },
  };
}
