// The words of mail about the account itself: its links (password reset, verification, change of
// address), the notice of a sign-in from an address the account has not used, and the notice
// that something guarding it changed.
import type { Locale } from '../locale.ts';
import type { MailTemplate } from './template.ts';

/** What a `security.changed` notice says changed. */
export const securityChanges = [
  'password',
  'email',
  'api_token',
  'totp_enabled',
  'totp_disabled',
  'recovery_codes',
  'two_step_reset',
  'passkey_added',
  'passkey_removed',
] as const;
export type SecurityChange = (typeof securityChanges)[number];

/** The `{{change}}` of a `security.changed` notice, in the recipient's language. */
export const securityChangeLabels: Record<Locale, Record<SecurityChange, string>> = {
  'zh-CN': {
    password: '登录密码',
    email: '登录邮箱',
    api_token: 'API 令牌',
    totp_enabled: '两步验证（已启用）',
    totp_disabled: '两步验证（已停用）',
    recovery_codes: '两步验证恢复码',
    two_step_reset: '两步验证（已重置，请登录后重新启用）',
    passkey_added: '通行密钥（已添加）',
    passkey_removed: '通行密钥（已移除）',
  },
  'en-US': {
    password: 'password',
    email: 'email address',
    api_token: 'API token',
    totp_enabled: 'two-step verification (switched on)',
    totp_disabled: 'two-step verification (switched off)',
    recovery_codes: 'two-step verification recovery codes',
    two_step_reset: 'two-step verification (reset; sign in and switch it on again)',
    passkey_added: 'passkeys (one was added)',
    passkey_removed: 'passkeys (one was removed)',
  },
};

/**
 * How a `security.new_sign_in` notice names the device (`{{device}}`): its browser on its system
 * as the User-Agent tells them, or `unknown` when it tells nothing.
 */
export const signInDeviceLabels: Record<Locale, { browserOnSystem: string; unknown: string }> = {
  'zh-CN': { browserOnSystem: '{{system}} 上的 {{browser}}', unknown: '未知设备' },
  'en-US': { browserOnSystem: '{{browser}} on {{system}}', unknown: 'unknown' },
};

export const accountMailTemplates = {
  'zh-CN': {
    'security.new_sign_in': {
      subject: '{{brand}} 账户在新的地址登录',
      paragraphs: [
        '您好，您的 {{brand}} 账户于 {{time}} 在一个新的地址登录。',
        '登录地址：{{address}}；设备：{{device}}。',
        '如果这是您本人的操作，请忽略这封邮件；如果不是，请立即修改密码。',
      ],
      action: '修改密码',
    },
    'security.changed': {
      subject: '{{brand}} 账户的{{change}}已更改',
      paragraphs: [
        '您好，您的 {{brand}} 账户的{{change}}刚刚被更改。',
        '如果这是您本人的操作，请忽略这封邮件；如果不是，请立即重置密码并联系客服。',
      ],
      action: '查看账户',
    },
  },
  'en-US': {
    'security.new_sign_in': {
      subject: 'New sign-in to your {{brand}} account',
      paragraphs: [
        'Hello, your {{brand}} account was signed in to from a new address at {{time}}.',
        'Address: {{address}}; device: {{device}}.',
        'If this was you, you can ignore this email. If it was not, change your password now.',
      ],
      action: 'Change your password',
    },
    'security.changed': {
      subject: 'The {{change}} of your {{brand}} account was changed',
      paragraphs: [
        'Hello, the {{change}} of your {{brand}} account was just changed.',
        'If you made this change, you can ignore this email. If you did not, reset your password now and contact support.',
      ],
      action: 'View your account',
    },
  },
} satisfies Record<Locale, Record<string, MailTemplate>>;
