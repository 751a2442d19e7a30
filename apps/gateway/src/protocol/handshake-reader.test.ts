import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, writeByteByByte } from '../testing/fixtures.ts';
import { HandshakeError, HandshakeReader, HandshakeTooLargeError } from './handshake-reader.ts';
import { parseHttpProxyHead } from './http-proxy.ts';
import { parseSocks5Credentials, parseSocks5Greeting } from './socks5.ts';

/** A connected pair of real sockets: `client` writes, `server` is read by the reader. */
async function socketPair(): Promise<{ client: net.Socket; server: net.Socket; close(): void }> {
  const listener = net.createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<net.Socket>((resolve) => listener.once('connection', resolve));
  const client = net.connect({ port: (listener.address() as net.AddressInfo).port, noDelay: true });
  const server = await accepted;
  client.on('error', () => {});
  server.on('error', () => {});
  return {
    client,
    server,
    close() {
      client.destroy();
      server.destroy();
      listener.close();
    },
  };
}

describe('the handshake reader', () => {
  let pair: Awaited<ReturnType<typeof socketPair>> | undefined;
  afterEach(() => pair?.close());

  it('assembles messages delivered a byte at a time and hands back pipelined bytes', async () => {
    pair = await socketPair();
    const reader = new HandshakeReader(pair.server, 16 * 1024);
    const chunks: number[] = [];
    pair.server.on('data', (chunk: Buffer) => chunks.push(chunk.length));
    const greeting = reader.read(parseSocks5Greeting);
    await writeByteByByte(pair.client, Buffer.from([0x05, 0x01, 0x02]));
    expect((await greeting).methods).toEqual([0x02]);
    const credentials = reader.read(parseSocks5Credentials);
    await writeByteByByte(
      pair.client,
      Buffer.from([0x01, 0x01, 0x61, 0x02, 0x62, 0x63, 0x78, 0x79]),
    );
    expect(await credentials).toEqual({ username: 'a', password: 'bc' });
    await eventually(
      () => chunks.reduce((sum, length) => sum + length, 0),
      (received) => received === 11,
    );
    // The messages really arrived split over many chunks, and the two bytes beyond them are kept.
    expect(chunks.length).toBeGreaterThan(5);
    expect(reader.detach().toString()).toBe('xy');
    expect(pair.server.isPaused()).toBe(true);
  });

  it('peeks the first byte without consuming it', async () => {
    pair = await socketPair();
    const reader = new HandshakeReader(pair.server, 1024);
    pair.client.write('CONNECT a:1 HTTP/1.1\r\n\r\n');
    expect(await reader.peekByte()).toBe('C'.charCodeAt(0));
    expect((await reader.read(parseHttpProxyHead)).method).toBe('CONNECT');
  });

  it('fails a message longer than the bound', async () => {
    pair = await socketPair();
    const reader = new HandshakeReader(pair.server, 1024);
    const head = reader.read(parseHttpProxyHead);
    pair.client.write(`GET http://a/ HTTP/1.1\r\nX-Long: ${'a'.repeat(2000)}`);
    await expect(head).rejects.toBeInstanceOf(HandshakeTooLargeError);
  });

  it('holds pipelined bytes only up to the bound, then pauses the socket', async () => {
    pair = await socketPair();
    const reader = new HandshakeReader(pair.server, 1024);
    pair.client.write(Buffer.concat([Buffer.from([0x05, 0x01, 0x02]), Buffer.alloc(200_000, 1)]));
    await reader.read(parseSocks5Greeting);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pair.server.isPaused()).toBe(true);
    const held = reader.detach().length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(200_000);
  });

  it('fails when the client closes mid-handshake', async () => {
    pair = await socketPair();
    const reader = new HandshakeReader(pair.server, 1024);
    const greeting = reader.read(parseSocks5Greeting);
    pair.client.end(Buffer.from([0x05, 0x03, 0x00]));
    await expect(greeting).rejects.toBeInstanceOf(HandshakeError);
    await expect(reader.read(parseSocks5Greeting)).rejects.toBeInstanceOf(HandshakeError);
  });

  it('fails with the parser’s error on malformed bytes', async () => {
    pair = await socketPair();
    const reader = new HandshakeReader(pair.server, 1024);
    const greeting = reader.read(parseSocks5Greeting);
    pair.client.write(Buffer.from([0x04, 0x01, 0x00]));
    await expect(greeting).rejects.toThrow('not a SOCKS5 greeting');
  });
});
