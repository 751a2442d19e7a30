// The floor for any Node proxy: accept, connect to a fixed target, pipe both ways. No protocol,
// no authentication, no metering. Run as its own process, like the gateway.
import net from 'node:net';

const targetPort = Number(process.env.TARGET_PORT);
const server = net.createServer((client) => {
  const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
  client.pipe(upstream);
  upstream.pipe(client);
});
server.maxConnections = 100_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as net.AddressInfo;
  process.send?.({ port: address.port });
});
