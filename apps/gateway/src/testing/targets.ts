// Destinations for the proxy tests, on loopback: an echo server that first tells each client the
// address it came from (the egress address the proxy bound), an HTTP server that answers what it
// saw, and a raw HTTP origin that records every byte it receives and sends, for exact metering.
import http from 'node:http';
import net from 'node:net';

export interface Listening {
  port: number;
  close(): Promise<void>;
}

async function listen(server: net.Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as net.AddressInfo).port;
}

function closer(server: net.Server, sockets: Set<net.Socket>) {
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}

/** A TCP target that sends `<peer address>\n` and then echoes. */
export async function startEchoTarget(host = '127.0.0.1'): Promise<Listening> {
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.write(`${socket.remoteAddress}\n`);
    socket.pipe(socket);
  });
  const close = closer(server, new Set());
  return { port: await listen(server, host), close };
}

/** An HTTP target on 127.0.0.1 answering the peer address and the request it got. */
export async function startHttpTarget(): Promise<Listening> {
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        peer: request.socket.remoteAddress,
        url: request.url,
        proxyAuthorization: request.headers['proxy-authorization'] ?? null,
      }),
    );
  });
  const close = closer(server, new Set());
  return { port: await listen(server, '127.0.0.1'), close };
}

/** One request as the origin saw it, and the bytes it answered. */
export interface OriginExchange {
  peer: string;
  received: Buffer;
  sentBytes: number;
}

/**
 * A raw HTTP/1.1 origin on 127.0.0.1: reads until the client half-closes or goes quiet after a
 * complete request (head plus Content-Length body), answers `<peer> <bytes received>` and closes,
 * recording every exchange.
 */
export async function startRecordingOrigin(): Promise<Listening & { exchanges: OriginExchange[] }> {
  const exchanges: OriginExchange[] = [];
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    let received = Buffer.alloc(0);
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      const body = `${socket.remoteAddress} ${received.length}`;
      const response = Buffer.from(
        `HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      exchanges.push({ peer: socket.remoteAddress ?? '', received, sentBytes: response.length });
      socket.end(response);
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(
        /\r\ncontent-length: *(\d+)/i.exec(received.toString('latin1'))?.[1] ?? 0,
      );
      const chunked = /\r\ntransfer-encoding: *chunked/i.test(
        received.toString('latin1', 0, headEnd),
      );
      const complete = chunked
        ? received.subarray(headEnd).includes('\r\n0\r\n\r\n')
        : received.length >= headEnd + 4 + length;
      // Wait a moment for anything the proxy might (wrongly) send after the request.
      if (complete) setTimeout(answer, 30);
    });
  });
  const close = closer(server, new Set());
  return { port: await listen(server, '127.0.0.1'), close, exchanges };
}
