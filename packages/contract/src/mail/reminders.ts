// The words of reminders and of what the lifecycle jobs did: a static IP about to expire, renewed
// automatically, not renewed (and why), expired; a traffic package running low or about to end;
// a balance under the customer's own mark. Amounts come as yuan text (`12.50`), times as the
// business time zone's wall clock with the zone named (`2026-12-05 14:00 (UTC+8)`).
import type { Locale } from '../locale.ts';
import type { MailTemplate } from './template.ts';

/** Why an automatic renewal did not happen, as `instance.renewal_failed` names it. */
export const renewalFailureReasons = [
  'insufficientBalance',
  'durationNotOffered',
  'instanceNotRenewable',
] as const;
export type RenewalFailureReason = (typeof renewalFailureReasons)[number];

/** The `{{reason}}` of an `instance.renewal_failed` mail, in the recipient's language. */
export const renewalFailureLabels: Record<Locale, Record<RenewalFailureReason, string>> = {
  'zh-CN': {
    insufficientBalance: '账户余额不足以支付续费',
    durationNotOffered: '该线路已不再提供可续费的时长',
    instanceNotRenewable: '这个 IP 已无法续费',
  },
  'en-US': {
    insufficientBalance: 'your balance does not cover the renewal',
    durationNotOffered: 'its plan no longer offers a duration to renew for',
    instanceNotRenewable: 'this IP can no longer be renewed',
  },
};

export const reminderMailTemplates = {
  'zh-CN': {
    'instance.expiring': {
      subject: '静态 IP {{ip}} 将在 {{days}} 天内到期',
      paragraphs: [
        '您好，您在 {{brand}} 的静态 IP {{ip}}（{{location}}）将于 {{expiresAt}} 到期。',
        '到期后这个 IP 会停止服务。如需继续使用，请在到期前续费。',
      ],
      action: '去续费',
    },
    'instance.renewed': {
      subject: '静态 IP {{ip}} 已自动续费',
      paragraphs: [
        '您好，您的静态 IP {{ip}}（{{location}}）已自动续费 {{durationDays}} 天，扣款 ¥{{amount}}。',
        '新的到期时间是 {{expiresAt}}。',
      ],
      action: '查看 IP',
    },
    'instance.renewal_failed': {
      subject: '静态 IP {{ip}} 自动续费未成功',
      paragraphs: [
        '您好，您的静态 IP {{ip}}（{{location}}）自动续费未成功：{{reason}}。',
        '它将于 {{expiresAt}} 到期。在此之前我们会继续尝试；您也可以充值后手动续费。',
      ],
      action: '查看 IP',
    },
    'instance.expired': {
      subject: '静态 IP {{ip}} 已到期',
      paragraphs: [
        '您好，您的静态 IP {{ip}}（{{location}}）已于 {{expiresAt}} 到期，现已停止服务。',
        '这个 IP 会为您保留一段时间，在此期间续费即可继续使用原来的地址。',
      ],
      action: '续费这个 IP',
    },
    'traffic.threshold': {
      subject: '流量包已使用 {{percent}}%',
      paragraphs: [
        '您好，您的 {{gb}} GB 流量包已使用 {{percent}}%，剩余 {{remaining}}。',
        '流量用完后动态代理将无法使用，如有需要请及时购买新的流量包。',
      ],
      action: '购买流量',
    },
    'traffic.expiring': {
      subject: '流量包将于 {{expiresAt}} 到期',
      paragraphs: [
        '您好，您的 {{gb}} GB 流量包将于 {{expiresAt}} 到期，还剩 {{remaining}} 未使用。',
        '到期后剩余流量将无法再使用。',
      ],
      action: '查看流量',
    },
    'balance.low': {
      subject: '{{brand}} 账户余额低于 ¥{{threshold}}',
      paragraphs: [
        '您好，您的账户余额为 ¥{{balance}}，已低于您设置的提醒金额 ¥{{threshold}}。',
        '余额不足时，购买和自动续费都会失败。如需继续使用，请及时充值。',
      ],
      action: '去充值',
    },
  },
  'en-US': {
    'instance.expiring': {
      subject: 'Your static IP {{ip}} expires within {{days}} days',
      paragraphs: [
        'Hello, your {{brand}} static IP {{ip}} ({{location}}) expires on {{expiresAt}}.',
        'It stops working when it expires. To keep it, renew it before then.',
      ],
      action: 'Renew now',
    },
    'instance.renewed': {
      subject: 'Your static IP {{ip}} was renewed',
      paragraphs: [
        'Hello, your static IP {{ip}} ({{location}}) was renewed automatically for {{durationDays}} days, and ¥{{amount}} was taken from your balance.',
        'It now expires on {{expiresAt}}.',
      ],
      action: 'View the IP',
    },
    'instance.renewal_failed': {
      subject: 'Your static IP {{ip}} could not be renewed',
      paragraphs: [
        'Hello, we could not renew your static IP {{ip}} ({{location}}) automatically: {{reason}}.',
        'It expires on {{expiresAt}}. We will keep trying until then; you can also top up and renew it yourself.',
      ],
      action: 'View the IP',
    },
    'instance.expired': {
      subject: 'Your static IP {{ip}} has expired',
      paragraphs: [
        'Hello, your static IP {{ip}} ({{location}}) expired on {{expiresAt}} and has stopped working.',
        'We hold the address for you for a while: renew it in that time to keep the same IP.',
      ],
      action: 'Renew this IP',
    },
    'traffic.threshold': {
      subject: 'You have used {{percent}}% of a traffic package',
      paragraphs: [
        'Hello, you have used {{percent}}% of your {{gb}} GB traffic package; {{remaining}} is left.',
        'Dynamic proxies stop working when your traffic runs out, so buy a new package in good time if you need one.',
      ],
      action: 'Buy traffic',
    },
    'traffic.expiring': {
      subject: 'A traffic package expires on {{expiresAt}}',
      paragraphs: [
        'Hello, your {{gb}} GB traffic package expires on {{expiresAt}} with {{remaining}} still unused.',
        'Traffic left in it cannot be used after it expires.',
      ],
      action: 'View your traffic',
    },
    'balance.low': {
      subject: 'Your {{brand}} balance is below ¥{{threshold}}',
      paragraphs: [
        'Hello, your balance is ¥{{balance}}, below the ¥{{threshold}} you asked to be told about.',
        'Purchases and automatic renewals fail when the balance runs short, so top up in good time.',
      ],
      action: 'Top up',
    },
  },
} satisfies Record<Locale, Record<string, MailTemplate>>;
