import { describe, expect, it } from 'vitest';
import { HandshakeError } from './handshake-reader.ts';
import {
  httpProxyResponse,
  parseAuthority,
  parseHttpProxyHead,
  proxyCredentials,
  type HttpProxyRequest,
} from './http-proxy.ts';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('the HTTP proxy request head', () => {
  const head = Buffer.from(
    'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n' +
      `Proxy-Authorization: ${basic('alice:s3cret')}\r\n\r\n`,
    'latin1',
  );

  it('parses a whole head and leaves what follows it', () => {
    const parsed = parseHttpProxyHead(Buffer.concat([head, Buffer.from('\x16\x03\x01tls')]));
    expect(parsed?.length).toBe(head.length);
    expect(parsed?.value).toEqual({
      method: 'CONNECT',
      target: 'example.com:443',
      version: 'HTTP/1.1',
      headers: [
        ['Host', 'example.com:443'],
        ['Proxy-Authorization', basic('alice:s3cret')],
      ],
    });
  });

  it('waits for the blank line when fed byte by byte', () => {
    for (let length = 0; length < head.length; length += 1) {
      expect(parseHttpProxyHead(head.subarray(0, length))).toBeNull();
    }
    expect(parseHttpProxyHead(head)?.value.method).toBe('CONNECT');
  });

  it('accepts bare line feeds', () => {
    const parsed = parseHttpProxyHead(Buffer.from('GET http://a/ HTTP/1.0\nHost: a\n\n'));
    expect(parsed?.value.headers).toEqual([['Host', 'a']]);
  });

  it('refuses a malformed request line or header with 400', () => {
    for (const text of [
      'GET http://a/\r\n\r\n',
      'GET http://a/ HTTP/2.0\r\n\r\n',
      'G@T http://a/ HTTP/1.1\r\n\r\n',
      '\u0000\u0001garbage\r\n\r\n',
      'GET http://a/ HTTP/1.1\r\nno colon here\r\n\r\n',
      'GET http://a/ HTTP/1.1\r\n folded: header\r\n\r\n',
      'GET http://a/ HTTP/1.1\r\nX-Smuggle: a\rb\r\n\r\n',
    ]) {
      let caught: unknown;
      try {
        parseHttpProxyHead(Buffer.from(text, 'latin1'));
      } catch (error) {
        caught = error;
      }
      expect(caught, text).toBeInstanceOf(HandshakeError);
      expect((caught as HandshakeError).reply?.toString().startsWith('HTTP/1.1 400 ')).toBe(true);
    }
  });
});

describe('Proxy-Authorization', () => {
  const request = (value?: string): HttpProxyRequest => ({
    method: 'CONNECT',
    target: 'a:1',
    version: 'HTTP/1.1',
    headers: value === undefined ? [] : [['proxy-authorization', value]],
  });

  it('decodes Basic credentials, splitting at the first colon', () => {
    expect(proxyCredentials(request(basic('bob:pa:ss')))).toEqual({
      username: 'bob',
      password: 'pa:ss',
    });
    expect(proxyCredentials(request(`basic ${Buffer.from('x:y').toString('base64')}`))).toEqual({
      username: 'x',
      password: 'y',
    });
  });

  it('answers null when missing, not Basic, or without a username', () => {
    expect(proxyCredentials(request())).toBeNull();
    expect(proxyCredentials(request('Bearer abc'))).toBeNull();
    expect(proxyCredentials(request(basic('no-colon')))).toBeNull();
    expect(proxyCredentials(request(basic(':password')))).toBeNull();
  });
});

describe('authorities', () => {
  it('reads host:port, bracketed IPv6 and a default port', () => {
    expect(parseAuthority('example.com:443')).toEqual({ host: 'example.com', port: 443 });
    expect(parseAuthority('[2001:db8::1]:8080')).toEqual({ host: '2001:db8::1', port: 8080 });
    expect(parseAuthority('example.com', 80)).toEqual({ host: 'example.com', port: 80 });
  });

  it('refuses a missing or out-of-range port and junk', () => {
    expect(parseAuthority('example.com')).toBeNull();
    expect(parseAuthority('example.com:0')).toBeNull();
    expect(parseAuthority('example.com:65536')).toBeNull();
    expect(parseAuthority('user@example.com:80')).toBeNull();
    expect(parseAuthority('exa mple.com:80')).toBeNull();
  });
});

describe('proxy responses', () => {
  it('asks for Basic credentials with 407', () => {
    const text = httpProxyResponse(407, 'Wrong proxy username or password').toString();
    expect(text).toMatch(/^HTTP\/1\.1 407 Proxy Authentication Required\r\n/);
    expect(text).toContain('Proxy-Authenticate: Basic realm="Stratus proxy"\r\n');
    expect(text).toContain('Connection: close\r\n');
    expect(text.endsWith('\r\n\r\nWrong proxy username or password\n')).toBe(true);
  });

  it('establishes a tunnel with a bare 200', () => {
    expect(httpProxyResponse(200).toString()).toBe('HTTP/1.1 200 Connection Established\r\n\r\n');
  });

  it('states the body length in bytes', () => {
    const response = httpProxyResponse(403, 'Zugriff verweigert: ü');
    const [head, body] = response.toString('utf8').split('\r\n\r\n');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body!)}`);
  });
});
