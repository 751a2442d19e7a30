// The words of the one mail about a customer's webhooks: an endpoint switched off after failing for
// days. It is about something the customer built on, so it goes out whatever the preferences.
import type { Locale } from '../locale.ts';
import type { MailTemplate } from './template.ts';

export const webhookMailTemplates = {
  'zh-CN': {
    'webhook.disabled': {
      subject: '{{brand}} 已停用您的 Webhook 地址',
      paragraphs: [
        '您好，您的 Webhook 地址 {{url}} 自 {{failingSince}} 起一直无法成功接收推送，最近一次的结果是 {{lastProblem}}。连续失败 {{days}} 天后，我们已将其停用，不再向它推送事件。',
        '请确认该地址可以从公网访问，并在收到推送后返回 2xx 状态码。修好后，请在 Webhook 页面重新启用它；此前没有送达的推送可在它的推送记录中重新发送。',
      ],
      action: '查看 Webhook',
    },
  },
  'en-US': {
    'webhook.disabled': {
      subject: '{{brand}} switched off your webhook endpoint',
      paragraphs: [
        'Hello, your webhook endpoint {{url}} has not accepted a delivery since {{failingSince}}; the last attempt got {{lastProblem}}. After {{days}} days of failures we switched it off and send it no more events.',
        'Please make sure the address can be reached from the internet and answers 2xx once it has taken a delivery. When it is fixed, switch it back on on the Webhooks page; deliveries that failed can be resent from its delivery log.',
      ],
      action: 'View webhooks',
    },
  },
} satisfies Record<Locale, Record<string, MailTemplate>>;
