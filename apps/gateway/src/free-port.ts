// A port nothing listens on at `host` right now (the kernel's pick for a throwaway listener).
// Someone else may take it before it is used; callers that cannot retry should bind port 0.
import net from 'node:net';

export async function freePort(host = '127.0.0.1'): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
