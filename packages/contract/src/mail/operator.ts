// The words of operators' mail: the console's test email and (with their senders) the events
// that concern staff.
import type { Locale } from '../locale.ts';
import type { MailTemplate } from './template.ts';

export const operatorMailTemplates = {
  'zh-CN': {
    'mail.test': {
      subject: '{{brand}} 测试邮件',
      paragraphs: [
        '您好，这是 {{brand}} 运营后台发出的测试邮件。',
        '收到这封邮件，说明邮件服务器配置正确，客户的提醒和通知都能送达。',
      ],
      action: '打开运营后台',
    },
  },
  'en-US': {
    'mail.test': {
      subject: 'Test email from {{brand}}',
      paragraphs: [
        'Hello, this is a test email sent from the {{brand}} operator console.',
        'If it reached you, the mail server is set up and customers will get their reminders and notices.',
      ],
      action: 'Open the operator console',
    },
  },
} satisfies Record<Locale, Record<string, MailTemplate>>;
