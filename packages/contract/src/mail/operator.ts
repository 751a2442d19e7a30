// The words of operators' mail: the console's test email and (with their senders) the events
// that concern staff.
import type { Locale } from '../locale.ts';
import type { MailTemplate } from './template.ts';

/** The `{{channel}}` of a `reconciliation.mismatch` row whose ledger top-ups name no channel. */
export const unnamedChannelMailLabels: Record<Locale, string> = {
  'zh-CN': '未注明渠道',
  'en-US': 'no channel named',
};

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
    'node.offline': {
      subject: '网关节点 {{node}} 已离线',
      paragraphs: [
        '您好，网关节点 {{node}}（{{host}}）自 {{lastSeenAt}} 起已连续 3 次没有上报，现视为离线。',
        '这个节点上的静态 IP 和动态代理可能已无法使用，请尽快检查服务器和网关进程。',
      ],
      action: '查看节点',
    },
    'stock.low': {
      subject: '{{plan}} 库存不足：剩余 {{available}} 个',
      paragraphs: [
        '您好，{{plan}} 的可售 IP 只剩 {{available}} 个，已低于预警线 {{mark}} 个。',
        '库存售罄后客户将无法购买，请及时导入新的 IP。',
      ],
      action: '查看 IP 库存',
    },
    'payment.notification_failed': {
      subject: '一条{{channel}}支付通知未通过验证',
      paragraphs: [
        '您好，{{receivedAt}} 收到的一条{{channel}}支付通知未通过验证（{{reason}}），没有入账。',
        '如果反复出现，请检查支付渠道的密钥配置；也可能是有人在伪造通知。',
      ],
      action: '查看支付记录',
    },
    'reconciliation.mismatch': {
      subject: '{{day}}（{{channel}}）的对账结果有差异',
      paragraphs: [
        '您好，{{day}}（{{channel}}）的对账结果不一致：支付成功 {{paidCount}} 笔，共 ¥{{paidAmount}}；充值入账 {{ledgerCount}} 笔，共 ¥{{ledgerAmount}}。',
        '请在对账页面查看每一笔差异并处理。',
      ],
      action: '查看对账',
    },
    'adjustment.pending': {
      subject: '一笔 {{amount}} 元的余额调整等待审批',
      paragraphs: [
        '您好，有一笔 {{amount}} 元的余额调整超过了审批线，正在等待您审批。',
        '调整原因：{{reason}}',
      ],
      action: '去审批',
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
    'node.offline': {
      subject: 'Gateway node {{node}} is offline',
      paragraphs: [
        'Hello, gateway node {{node}} ({{host}}) has missed 3 polls in a row since {{lastSeenAt}} and is now offline.',
        'The static IPs and dynamic proxies it serves may not work: check the server and its gateway process.',
      ],
      action: 'View the node',
    },
    'stock.low': {
      subject: 'Low stock for {{plan}}: {{available}} left',
      paragraphs: [
        'Hello, {{plan}} has only {{available}} IPs left to sell, below its mark of {{mark}}.',
        'Customers cannot buy it once it runs out: import new IPs in good time.',
      ],
      action: 'View the IP inventory',
    },
    'payment.notification_failed': {
      subject: 'A {{channel}} payment notification failed verification',
      paragraphs: [
        'Hello, a {{channel}} payment notification received at {{receivedAt}} failed verification ({{reason}}) and credited nothing.',
        'If it happens again, check the channel keys; someone may also be forging notifications.',
      ],
      action: 'View payments',
    },
    'reconciliation.mismatch': {
      subject: 'Reconciliation of {{day}} ({{channel}}) found differences',
      paragraphs: [
        'Hello, the reconciliation of {{day}} ({{channel}}) does not match. Payments paid: {{paidCount}}, ¥{{paidAmount}}. Top-ups credited: {{ledgerCount}}, ¥{{ledgerAmount}}.',
        'Review and settle each difference on the reconciliation page.',
      ],
      action: 'View the reconciliation',
    },
    'adjustment.pending': {
      subject: 'A balance adjustment of {{amount}} yuan awaits approval',
      paragraphs: [
        'Hello, a balance adjustment of {{amount}} yuan is above the approval threshold and awaits your approval.',
        'Reason: {{reason}}',
      ],
      action: 'Review it',
    },
  },
} satisfies Record<Locale, Record<string, MailTemplate>>;
