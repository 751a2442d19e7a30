// The benchmark's far end, run as its own process so it never shares an event loop with the
// client: HTTP `GET /bytes/<n>` streams n bytes and `GET /peer` answers the caller's address; a
// second port echoes (for holding many tunnels open).
import http from 'node:http';
import net from 'node:net';

const CHUNK = Buffer.alloc(1024 * 1024, 0x61);

function streamBytes(response: http.ServerResponse, total: number): void {
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': total });
  let left = total;
  const pump = () => {
    while (left > 0) {
      const size = Math.min(left, CHUNK.length);
      left -= size;
      const more = response.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size));
      if (!more) return void response.once('drain', pump);
    }
    response.end();
  };
  pump();
}

const httpServer = http.createServer((request, response) => {
  const bytes = /^\/bytes\/(\d+)$/.exec(request.url ?? '');
  if (bytes) return streamBytes(response, Number(bytes[1]));
  if (request.url === '/peer') {
    // With its length, so a client knows the answer's end without waiting for the close.
    const peer = request.socket.remoteAddress ?? '';
    response.writeHead(200, {
      'content-type': 'text/plain',
      'content-length': Buffer.byteLength(peer),
    });
    return void response.end(peer);
  }
  response.writeHead(404).end();
});
httpServer.maxConnections = 100_000;

const echoServer = net.createServer((socket) => {
  socket.on('error', () => socket.destroy());
  socket.pipe(socket);
});
echoServer.maxConnections = 100_000;

const listen = (server: net.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );

const [httpPort, echoPort] = await Promise.all([listen(httpServer), listen(echoServer)]);
process.send?.({ httpPort, echoPort });
