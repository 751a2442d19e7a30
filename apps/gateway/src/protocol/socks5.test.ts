import { describe, expect, it } from 'vitest';
import { HandshakeError, type Parser } from './handshake-reader.ts';
import {
  encodeSocks5AuthStatus,
  encodeSocks5MethodChoice,
  encodeSocks5Reply,
  parseSocks5Credentials,
  parseSocks5Greeting,
  parseSocks5Request,
  socks5Reply,
} from './socks5.ts';

/** Every strict prefix parses as "not yet"; the whole message parses, trailing bytes untouched. */
function parseByteByByte<T>(parse: Parser<T>, message: Buffer): T {
  for (let length = 0; length < message.length; length += 1) {
    expect(parse(message.subarray(0, length))).toBeNull();
  }
  const withTrailer = Buffer.concat([message, Buffer.from('payload')]);
  const parsed = parse(withTrailer);
  expect(parsed?.length).toBe(message.length);
  return parsed!.value;
}

const port = (value: number) => [value >> 8, value & 0xff];

describe('SOCKS5 greeting', () => {
  it('reads the offered methods whole and byte by byte', () => {
    const greeting = Buffer.from([0x05, 0x02, 0x00, 0x02]);
    expect(parseSocks5Greeting(greeting)?.value.methods).toEqual([0x00, 0x02]);
    expect(parseByteByByte(parseSocks5Greeting, greeting).methods).toEqual([0x00, 0x02]);
  });

  it('refuses another version and an empty method list', () => {
    expect(() => parseSocks5Greeting(Buffer.from([0x04, 0x01, 0x00]))).toThrow(HandshakeError);
    expect(() => parseSocks5Greeting(Buffer.from([0x05, 0x00]))).toThrow(HandshakeError);
  });

  it('answers the method choice', () => {
    expect([...encodeSocks5MethodChoice(true)]).toEqual([0x05, 0x02]);
    expect([...encodeSocks5MethodChoice(false)]).toEqual([0x05, 0xff]);
  });
});

describe('SOCKS5 username/password sub-negotiation (RFC 1929)', () => {
  const message = (username: string, password: string) => {
    const user = Buffer.from(username);
    const pass = Buffer.from(password);
    return Buffer.concat([
      Buffer.from([0x01, user.length]),
      user,
      Buffer.from([pass.length]),
      pass,
    ]);
  };

  it('reads UTF-8 credentials whole and byte by byte', () => {
    const credentials = { username: 'u8k2m4x9-country-jp', password: 'pässwörd:1' };
    const bytes = message(credentials.username, credentials.password);
    expect(parseSocks5Credentials(bytes)?.value).toEqual(credentials);
    expect(parseByteByByte(parseSocks5Credentials, bytes)).toEqual(credentials);
  });

  it('accepts an empty password and refuses an empty username or another version', () => {
    expect(parseSocks5Credentials(message('user', ''))?.value).toEqual({
      username: 'user',
      password: '',
    });
    expect(() => parseSocks5Credentials(Buffer.from([0x01, 0x00, 0x00]))).toThrow(HandshakeError);
    expect(() => parseSocks5Credentials(Buffer.from([0x05, 0x01, 0x61, 0x00]))).toThrow(
      HandshakeError,
    );
  });

  it('answers success and failure statuses', () => {
    expect([...encodeSocks5AuthStatus(true)]).toEqual([0x01, 0x00]);
    expect([...encodeSocks5AuthStatus(false)]).toEqual([0x01, 0x01]);
  });
});

describe('SOCKS5 request', () => {
  it('reads an IPv4 CONNECT whole and byte by byte', () => {
    const bytes = Buffer.from([0x05, 0x01, 0x00, 0x01, 203, 0, 113, 9, ...port(8443)]);
    const expected = { command: 0x01, host: '203.0.113.9', port: 8443 };
    expect(parseSocks5Request(bytes)?.value).toEqual(expected);
    expect(parseByteByByte(parseSocks5Request, bytes)).toEqual(expected);
  });

  it('reads an IPv6 CONNECT as eight groups', () => {
    const address = [0x20, 0x01, 0x0d, 0xb8, ...Array<number>(11).fill(0), 0x01];
    const bytes = Buffer.from([0x05, 0x01, 0x00, 0x04, ...address, ...port(80)]);
    expect(parseByteByByte(parseSocks5Request, bytes)).toEqual({
      command: 0x01,
      host: '2001:db8:0:0:0:0:0:1',
      port: 80,
    });
  });

  it('reads a domain-name CONNECT', () => {
    const name = Buffer.from('example.com');
    const bytes = Buffer.concat([
      Buffer.from([0x05, 0x01, 0x00, 0x03, name.length]),
      name,
      Buffer.from(port(443)),
    ]);
    expect(parseByteByByte(parseSocks5Request, bytes)).toEqual({
      command: 0x01,
      host: 'example.com',
      port: 443,
    });
  });

  it('keeps other commands for the session to refuse', () => {
    const bind = Buffer.from([0x05, 0x02, 0x00, 0x01, 10, 0, 0, 1, ...port(21)]);
    expect(parseSocks5Request(bind)?.value.command).toBe(0x02);
  });

  it('refuses an unknown address type with reply 0x08, a bad version or an empty name', () => {
    let caught: unknown;
    try {
      parseSocks5Request(Buffer.from([0x05, 0x01, 0x00, 0x07, 0, 0]));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HandshakeError);
    expect((caught as HandshakeError).reply?.[1]).toBe(socks5Reply.addressTypeNotSupported);
    expect(() =>
      parseSocks5Request(Buffer.from([0x04, 0x01, 0x00, 0x01, 1, 2, 3, 4, 0, 80])),
    ).toThrow(HandshakeError);
    expect(() => parseSocks5Request(Buffer.from([0x05, 0x01, 0x00, 0x03, 0x00, 0, 80]))).toThrow(
      HandshakeError,
    );
  });
});

describe('SOCKS5 replies', () => {
  it('carries an IPv4 bound address and port', () => {
    const reply = encodeSocks5Reply(socks5Reply.succeeded, { address: '127.0.0.2', port: 40000 });
    expect([...reply]).toEqual([0x05, 0x00, 0x00, 0x01, 127, 0, 0, 2, ...port(40000)]);
  });

  it('carries an IPv6 bound address in 16 bytes, compressed or with an IPv4 tail', () => {
    const loopback = encodeSocks5Reply(socks5Reply.succeeded, { address: '::1', port: 1 });
    expect(loopback.length).toBe(22);
    expect([...loopback.subarray(0, 4)]).toEqual([0x05, 0x00, 0x00, 0x04]);
    expect([...loopback.subarray(4, 20)]).toEqual([...Array<number>(15).fill(0), 1]);
    const mapped = encodeSocks5Reply(socks5Reply.succeeded, { address: '::ffff:10.1.2.3' });
    expect([...mapped.subarray(14, 20)]).toEqual([0xff, 0xff, 10, 1, 2, 3]);
  });

  it('answers a refusal with 0.0.0.0:0', () => {
    const reply = encodeSocks5Reply(socks5Reply.notAllowedByRuleset);
    expect([...reply]).toEqual([0x05, 0x02, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
  });
});
