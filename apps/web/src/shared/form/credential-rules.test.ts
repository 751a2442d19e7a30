import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../i18n/i18n.ts';
import {
  emailProblem,
  NAME_MAX_LENGTH,
  newPasswordProblem,
  passwordProblem,
} from './credential-rules.ts';

describe('credential rules', () => {
  it('reads the name limit off the contract', () => {
    expect(NAME_MAX_LENGTH).toBe(64);
  });

  it('explains password problems in the current language', async () => {
    const t = i18n.t.bind(i18n);
    expect(passwordProblem('', t)).toBe('请输入密码');
    expect(passwordProblem('abc', t)).toBe('密码至少 8 个字符');
    expect(passwordProblem('12345678', t)).toBe('密码不能全为数字');
    expect(passwordProblem('abcd1234', t)).toBeNull();
    await changeLanguage('en-US');
    expect(passwordProblem('12345678', t)).toBe('The password must not consist of digits only');
    expect(passwordProblem('abc', t)).toBe('The password needs at least 8 characters');
    await changeLanguage('zh-CN');
  });

  it("checks a new password against the server's rules, loading the common list on demand", async () => {
    const t = i18n.t.bind(i18n);
    expect(await newPasswordProblem('abc', t)).toBe('密码至少 8 个字符');
    expect(await newPasswordProblem('Trustno1', t)).toBe('该密码过于常见，容易被猜到，请换一个');
    expect(await newPasswordProblem('x-carol-x-9', t, { email: 'Carol@x.org' })).toBe(
      '密码不能包含邮箱名',
    );
    expect(await newPasswordProblem('x-bob-x-99', t, { email: 'bob@x.org' })).toBeNull();
    expect(await newPasswordProblem('same old 12', t, { currentPassword: 'same old 12' })).toBe(
      '新密码不能与当前密码相同',
    );
    await changeLanguage('en-US');
    expect(await newPasswordProblem('Trustno1', t)).toBe(
      'This password is too common and easy to guess; please choose another',
    );
    await changeLanguage('zh-CN');
  });

  it('checks emails with the contract schema', () => {
    const t = i18n.t.bind(i18n);
    expect(emailProblem('', t)).toBe('请输入邮箱');
    expect(emailProblem('ada@', t)).toBe('邮箱格式不正确');
    expect(emailProblem(' Ada@Example.com ', t)).toBeNull();
  });
});
