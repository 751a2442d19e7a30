import { describe, expect, it } from 'vitest';
import { HandshakeError } from './handshake-reader.ts';
import type { HttpProxyRequest } from './http-proxy.ts';
import { toOriginRequest } from './origin-request.ts';
import { RequestBodyTracker } from './request-body.ts';

const request = (target: string, headers: [string, string][] = []): HttpProxyRequest => ({
  method: 'GET',
  target,
  version: 'HTTP/1.1',
  headers,
});

describe('absolute-URI requests rewritten for the origin', () => {
  it('sends the origin-form target, the URI’s host and Connection: close', () => {
    const origin = toOriginRequest(
      request('http://example.com:8080/a/b?c=d', [
        ['Host', 'spoofed.example'],
        ['Proxy-Authorization', 'Basic eDp5'],
        ['Proxy-Connection', 'keep-alive'],
        ['Connection', 'keep-alive, X-Hop'],
        ['X-Hop', 'dropped'],
        ['Keep-Alive', 'timeout=5'],
        ['Accept', '*/*'],
      ]),
    );
    expect(origin).toMatchObject({ host: 'example.com', port: 8080, body: { kind: 'none' } });
    expect(origin?.head.toString('latin1')).toBe(
      'GET /a/b?c=d HTTP/1.1\r\nHost: example.com:8080\r\nAccept: */*\r\nConnection: close\r\n\r\n',
    );
  });

  it('defaults the port to 80 and the path to /, and reads IPv6 hosts', () => {
    expect(toOriginRequest(request('http://example.com'))).toMatchObject({
      host: 'example.com',
      port: 80,
    });
    expect(toOriginRequest(request('http://example.com?q=1'))?.head.toString()).toMatch(
      /^GET \/\?q=1 HTTP\/1\.1\r\n/,
    );
    expect(toOriginRequest(request('http://[::1]:81/x'))).toMatchObject({ host: '::1', port: 81 });
  });

  it('answers null for anything but an http:// URI with a host', () => {
    expect(toOriginRequest(request('/relative'))).toBeNull();
    expect(toOriginRequest(request('https://example.com/'))).toBeNull();
    expect(toOriginRequest(request('http:///nohost'))).toBeNull();
    expect(toOriginRequest(request('http://user:pw@example.com/'))).toBeNull();
  });

  it('frames the body by Content-Length or chunked encoding', () => {
    const post = (headers: [string, string][]) =>
      toOriginRequest({ ...request('http://a/', headers), method: 'POST' })?.body;
    expect(post([['Content-Length', '12']])).toEqual({ kind: 'length', bytes: 12 });
    expect(post([['Content-Length', '5, 5']])).toEqual({ kind: 'length', bytes: 5 });
    expect(post([['Content-Length', '0']])).toEqual({ kind: 'none' });
    expect(post([['Transfer-Encoding', 'gzip, chunked']])).toEqual({ kind: 'chunked' });
  });

  it('refuses ambiguous framing with 400', () => {
    for (const headers of [
      [
        ['Content-Length', '5'],
        ['Transfer-Encoding', 'chunked'],
      ],
      [
        ['Content-Length', '5'],
        ['Content-Length', '6'],
      ],
      [['Content-Length', '-1']],
      [['Transfer-Encoding', 'chunked, gzip']],
    ] as [string, string][][]) {
      let caught: unknown;
      try {
        toOriginRequest(request('http://a/', headers));
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(HandshakeError);
      expect((caught as HandshakeError).reply?.toString()).toMatch(/^HTTP\/1\.1 400 /);
    }
  });
});

describe('the request body tracker', () => {
  /** Bytes of `stream` the tracker assigns to the body, fed in pieces of `size` bytes. */
  const bodyLength = (tracker: RequestBodyTracker, stream: Buffer, size: number) => {
    let taken = 0;
    for (let start = 0; start < stream.length && !tracker.done; start += size) {
      taken += tracker.take(stream.subarray(start, start + size));
    }
    return taken;
  };

  it('ends a Content-Length body after its length, whatever the chunking', () => {
    const stream = Buffer.from('0123456789GET http://next/ HTTP/1.1\r\n\r\n');
    for (const size of [1, 3, stream.length]) {
      const tracker = new RequestBodyTracker({ kind: 'length', bytes: 10 });
      expect(bodyLength(tracker, stream, size)).toBe(10);
      expect(tracker.done).toBe(true);
    }
  });

  it('ends a chunked body after the last chunk and its trailers, byte by byte or whole', () => {
    const body = Buffer.from(
      '5;name=value\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nExpires: never\r\n\r\n',
    );
    const stream = Buffer.concat([body, Buffer.from('GET http://next/ HTTP/1.1\r\n\r\n')]);
    for (const size of [1, 2, 7, stream.length]) {
      const tracker = new RequestBodyTracker({ kind: 'chunked' });
      expect(bodyLength(tracker, stream, size)).toBe(body.length);
      expect(tracker.done).toBe(true);
    }
  });

  it('is not done before the terminating blank line', () => {
    const tracker = new RequestBodyTracker({ kind: 'chunked' });
    expect(tracker.take(Buffer.from('3\r\nabc\r\n0\r\n'))).toBe(11);
    expect(tracker.done).toBe(false);
    expect(tracker.take(Buffer.from('\r\n'))).toBe(2);
    expect(tracker.done).toBe(true);
  });

  it('has nothing to forward without a body', () => {
    const tracker = new RequestBodyTracker({ kind: 'none' });
    expect(tracker.done).toBe(true);
    expect(tracker.take(Buffer.from('anything'))).toBe(0);
  });

  it('throws on a malformed chunked body', () => {
    for (const text of ['zz\r\n', '3\r\nabcd\r\n', '\r\n', '3\r\nabc\rx']) {
      const tracker = new RequestBodyTracker({ kind: 'chunked' });
      expect(() => tracker.take(Buffer.from(text)), text).toThrow();
    }
  });
});
