import { describe, expect, it } from 'vitest';
import { base64Utf8, httpUrl, socks5Url, vmessLink } from './proxy-links.ts';

const instance = {
  ip: '203.0.113.7',
  port: 1080,
  vmessPort: 10086,
  username: 'u1a2b3c4d',
  password: 'p@ss:w/rd#?',
  vmessId: '5b1b5f4e-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  country: 'JP',
  city: 'Tokyo',
};

function decodeBase64Utf8(text: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)));
}

describe('proxy share links', () => {
  it('percent-encodes credentials so URL parsers read them back', () => {
    const url = new URL(socks5Url(instance));
    expect(url.protocol).toBe('socks5:');
    expect(decodeURIComponent(url.username)).toBe(instance.username);
    expect(decodeURIComponent(url.password)).toBe(instance.password);
    expect(url.hostname).toBe(instance.ip);
    expect(url.port).toBe('1080');
    expect(httpUrl(instance)).toBe(socks5Url(instance).replace(/^socks5:/, 'http:'));
  });

  it('brackets IPv6 hosts', () => {
    const url = new URL(socks5Url({ ...instance, ip: '2001:db8::1' }));
    expect(url.hostname).toBe('[2001:db8::1]');
  });

  it('builds a v2rayN vmess link with the port as a string', () => {
    const line = vmessLink(instance);
    expect(line.startsWith('vmess://')).toBe(true);
    expect(JSON.parse(decodeBase64Utf8(line.slice(8)))).toEqual({
      v: '2',
      ps: 'JP-Tokyo-203.0.113.7',
      add: '203.0.113.7',
      port: '10086',
      id: instance.vmessId,
      aid: '0',
      scy: 'auto',
      net: 'tcp',
      type: 'none',
      host: '',
      path: '',
      tls: '',
    });
  });

  it('keeps non-ASCII names intact through base64', () => {
    const link = vmessLink({ ...instance, city: '东京' });
    expect(JSON.parse(decodeBase64Utf8(link.slice(8))).ps).toBe('JP-东京-203.0.113.7');
    expect(decodeBase64Utf8(base64Utf8('层云 proxy'))).toBe('层云 proxy');
  });
});
