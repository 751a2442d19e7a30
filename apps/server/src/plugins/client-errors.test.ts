import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** Writes `raw` to the server and reads the whole answer until the server closes. */
async function exchange(port: number, raw: string) {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(raw);
  await new Promise<void>((resolve, reject) => {
    socket.once('close', () => resolve());
    socket.once('error', reject);
  });
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
}

// Requests Node's parser refuses never reach a route: they still get the envelope and headers.
describe('requests the HTTP parser refuses', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    port = (testApp.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => testApp?.close());

  const envelopeHeaders = {
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
  };

  it('answers headers over the size limit with 431 in the envelope', async () => {
    const answer = await exchange(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toEqual({
      status: 431,
      headers: expect.objectContaining(envelopeHeaders),
      body: { code: 10006, message: '请求头过大', data: null },
    });
  });

  it('answers a malformed request line or header with 400 in the envelope', async () => {
    for (const raw of [
      'NOT AN HTTP REQUEST\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n',
    ]) {
      const answer = await exchange(port, raw);
      expect(answer, raw).toEqual({
        status: 400,
        headers: expect.objectContaining(envelopeHeaders),
        body: { code: 10002, message: '请求格式不正确', data: null },
      });
    }
    // And the server goes on serving.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});
