import { httpUrl, socks5Url } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { maskPassword, PASSWORD_MASK } from './password-mask.ts';

const target = {
  ip: '203.0.113.7',
  port: 1080,
  vmessPort: 10086,
  username: 'u_tokyo',
  password: 'p4ss/w0rd',
  vmessId: '1b2c3d4e-0000-4000-8000-000000000000',
  country: 'JP',
  city: 'Tokyo',
};

describe('maskPassword', () => {
  it('hides the password of a connection URL, percent-encoded or not', () => {
    expect(maskPassword(socks5Url(target), target.password)).toBe(
      `socks5://u_tokyo:${PASSWORD_MASK}@203.0.113.7:1080`,
    );
    expect(maskPassword(httpUrl(target), target.password)).toBe(
      `http://u_tokyo:${PASSWORD_MASK}@203.0.113.7:1080`,
    );
    expect(maskPassword('u:secret@[2001:db8::1]:1080', 'secret')).toBe(
      `u:${PASSWORD_MASK}@[2001:db8::1]:1080`,
    );
  });

  it('leaves a line without that password alone, and a username that looks like it', () => {
    expect(maskPassword('vmess://eyJ2IjoiMiJ9', 'secret')).toBe('vmess://eyJ2IjoiMiJ9');
    expect(maskPassword('socks5://secret:secret@1.2.3.4:1080', 'secret')).toBe(
      `socks5://secret:${PASSWORD_MASK}@1.2.3.4:1080`,
    );
  });
});
