// The words of the links that confirm an account's address: after sign-up, and after a change of
// address (that one goes to the new address; the old one gets `security.changed`).
import type { Locale } from '../locale.ts';
import type { MailTemplate } from './template.ts';

export const addressMailTemplates = {
  'zh-CN': {
    'account.verify_email': {
      subject: '验证您的 {{brand}} 邮箱',
      paragraphs: [
        '您好，感谢注册 {{brand}}。请点击下面的按钮，确认 {{email}} 是您的邮箱。',
        '链接 {{hours}} 小时内有效，只能使用一次。如果您没有注册过 {{brand}}，请忽略这封邮件。',
      ],
      action: '验证邮箱',
    },
    'account.email_change': {
      subject: '确认 {{brand}} 账户的新邮箱',
      paragraphs: [
        '您好，您申请把 {{brand}} 账户的登录邮箱改为 {{email}}。请点击下面的按钮确认，之后请用这个邮箱登录。',
        '链接 {{hours}} 小时内有效，只能使用一次。如果这不是您的操作，请忽略这封邮件，账户不会有任何变化。',
      ],
      action: '确认新邮箱',
    },
  },
  'en-US': {
    'account.verify_email': {
      subject: 'Confirm your email address for {{brand}}',
      paragraphs: [
        'Hello, thanks for signing up for {{brand}}. Please confirm that {{email}} is your email address.',
        'The link works once, for {{hours}} hours. If you did not sign up for {{brand}}, you can ignore this email.',
      ],
      action: 'Confirm email address',
    },
    'account.email_change': {
      subject: 'Confirm the new email address of your {{brand}} account',
      paragraphs: [
        'Hello, you asked to change the email address of your {{brand}} account to {{email}}. Please confirm it; after that, sign in with this address.',
        'The link works once, for {{hours}} hours. If you did not ask for this, ignore this email and nothing will change.',
      ],
      action: 'Confirm new address',
    },
  },
} satisfies Record<Locale, Record<string, MailTemplate>>;
