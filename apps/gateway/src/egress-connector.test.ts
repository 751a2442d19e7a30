import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFromEgress } from './egress-connector.ts';
import { EgressPorts } from './egress-ports.ts';
import { freePort } from './free-port.ts';
import { startEchoTarget, type Listening } from './testing/targets.ts';

describe('connecting out from the egress address', () => {
  let target: Listening;
  beforeAll(async () => {
    target = await startEchoTarget();
  });
  afterAll(() => target.close());

  const connect = (egressPorts: EgressPorts, egressIp = '127.0.0.2') =>
    connectFromEgress({
      egressIp,
      host: '127.0.0.1',
      port: target.port,
      allowPrivateDestinations: true,
      timeoutMs: 2_000,
      egressPorts,
    });

  it('binds the egress address and the port chosen for it', async () => {
    const port = await freePort('127.0.0.2');
    const result = await connect(new EgressPorts({ first: port, last: port }));
    if (!result.ok) throw new Error(`not connected: ${result.reason}`);
    expect(result.upstream.localAddress).toBe('127.0.0.2');
    expect(result.upstream.localPort).toBe(port);
    // What a SOCKS5 reply reports, without asking the socket.
    expect(result.bound).toEqual({ address: '127.0.0.2', port });
    result.upstream.destroy();
  });

  it('passes over a chosen port that is taken and leaves it to the kernel at last', async () => {
    const occupant = net.createServer();
    await new Promise<void>((resolve) => occupant.listen(0, '127.0.0.2', resolve));
    const taken = (occupant.address() as net.AddressInfo).port;
    try {
      const result = await connect(new EgressPorts({ first: taken, last: taken }));
      if (!result.ok) throw new Error(`not connected: ${result.reason}`);
      expect(result.upstream.localAddress).toBe('127.0.0.2');
      expect(result.upstream.localPort).not.toBe(taken);
      expect(result.bound).toEqual({ address: '127.0.0.2', port: result.upstream.localPort });
      result.upstream.destroy();
    } finally {
      await new Promise((resolve) => occupant.close(resolve));
    }
  });

  it('reports an egress address missing from the host without retrying ports', async () => {
    let asked = 0;
    const ports = new EgressPorts({ first: 40000, last: 40010 });
    const next = ports.next.bind(ports);
    ports.next = () => {
      asked += 1;
      return next();
    };
    // 192.0.2.0/24 is reserved for documentation: no host has it.
    const result = await connect(ports, '192.0.2.10');
    expect(result).toMatchObject({ ok: false, reason: 'unreachable', code: 'EADDRNOTAVAIL' });
    expect(asked).toBe(1);
  });

  it('many connections in a row from one address each get a port of the range', async () => {
    const first = await freePort('127.0.0.2');
    const ports = new EgressPorts({ first, last: first + 49 });
    const used = new Set<number>();
    for (let index = 0; index < 20; index += 1) {
      const result = await connect(ports);
      if (!result.ok) throw new Error(`not connected: ${result.reason}`);
      used.add(result.upstream.localPort!);
      result.upstream.destroy();
    }
    expect(used.size).toBe(20);
    // A port of the range held by something else on the machine is passed over (kernel's choice).
    const inRange = [...used].filter((port) => port >= first && port <= first + 49);
    expect(inRange.length).toBeGreaterThan(15);
  });
});
