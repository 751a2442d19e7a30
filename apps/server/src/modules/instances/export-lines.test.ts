import { describe, expect, it } from 'vitest';
import { generateProxyCredentials } from './credentials.ts';
import { buildExportBody } from './export-lines.ts';

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

describe('export body', () => {
  it('joins lines with \\n, three per instance for `all`, and base64-wraps subscriptions', () => {
    const instances = [instance, { ...instance, ip: '203.0.113.8' }];
    const all = buildExportBody({ type: 'all', instances, encoding: 'plain' });
    expect(all.split('\n')).toHaveLength(6);
    expect(all.endsWith('\n')).toBe(false);
    const encoded = buildExportBody({ type: 'all', instances, encoding: 'base64' });
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe(all);
    expect(buildExportBody({ type: 'vmess', instances: [], encoding: 'plain' })).toBe('');
  });
});

describe('proxy credentials', () => {
  it('makes URL-safe usernames, passwords and UUID vmess ids, different every time', () => {
    const first = generateProxyCredentials();
    const second = generateProxyCredentials();
    expect(first.username).toMatch(/^u[0-9a-z]{8}$/);
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(first.vmessId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(encodeURIComponent(first.password)).toBe(first.password);
    expect(second.username).not.toBe(first.username);
    expect(second.password).not.toBe(first.password);
  });
});
