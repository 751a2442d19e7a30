// The words of the password-reset mail: what was asked, the link and how long it works, and what
// to do when the person did not ask.
import type { Locale } from '../locale.ts';
import type { MailTemplate } from './template.ts';

export const passwordResetMailTemplates = {
  'zh-CN': {
    'account.password_reset': {
      subject: '重置您的 {{brand}} 密码',
      paragraphs: [
        '您好，我们收到了重置 {{brand}} 账户 {{email}} 登录密码的请求。',
        '点击下方按钮设置新密码。链接 {{minutes}} 分钟内有效，只能使用一次；设置成功后，所有已登录的设备都需要用新密码重新登录。',
        '如果这不是您本人的操作，请忽略这封邮件，您的密码不会改变。',
      ],
      action: '设置新密码',
    },
  },
  'en-US': {
    'account.password_reset': {
      subject: 'Reset your {{brand}} password',
      paragraphs: [
        'Hello, we received a request to reset the password of the {{brand}} account {{email}}.',
        'Use the button below to choose a new password. The link works once, for {{minutes}} minutes; afterwards every device signed in to the account has to sign in again with the new password.',
        'If you did not ask for this, you can ignore this email: your password stays as it is.',
      ],
      action: 'Choose a new password',
    },
  },
} satisfies Record<Locale, Record<string, MailTemplate>>;
