// The words of mail about money and what it bought: a top-up credited, an order paid, a refund
// or an operator's adjustment (with its reason), a static IP replaced, and the allowlist changed
// (security: always mailed). Amounts come as yuan text (`12.50`); a change of balance carries
// its sign (`+12.50`, `-5.00`).
import type { Locale } from '../locale.ts';
import type { OrderType } from '../endpoints/orders.ts';
import type { MailTemplate } from './template.ts';

/** What moved a balance outside a purchase or a top-up. */
export const balanceChangeKinds = ['refund', 'adjustment'] as const;
export type BalanceChangeKind = (typeof balanceChangeKinds)[number];

/** The `{{kind}}` of a `balance.changed` mail. */
export const balanceChangeLabels: Record<Locale, Record<BalanceChangeKind, string>> = {
  'zh-CN': { refund: '退款', adjustment: '人工调整' },
  'en-US': { refund: 'a refund', adjustment: 'an adjustment by our staff' },
};

/** The `{{orderType}}` of an `order.paid` mail. */
export const orderTypeMailLabels: Record<Locale, Record<OrderType, string>> = {
  'zh-CN': {
    static_ip: '购买静态 IP',
    renewal: '续费静态 IP',
    traffic: '购买流量包',
    replacement: '更换静态 IP',
  },
  'en-US': {
    static_ip: 'static IPs',
    renewal: 'a static IP renewal',
    traffic: 'a traffic package',
    replacement: 'a static IP replacement',
  },
};

/** What an `allowlist.changed` mail says happened to the entry. */
export const allowlistChanges = ['added', 'removed'] as const;
export type AllowlistChange = (typeof allowlistChanges)[number];

export const allowlistChangeLabels: Record<Locale, Record<AllowlistChange, string>> = {
  'zh-CN': { added: '添加了', removed: '删除了' },
  'en-US': { added: 'added', removed: 'removed' },
};

export const billingMailTemplates = {
  'zh-CN': {
    'payment.credited': {
      subject: '充值 ¥{{amount}} 已到账',
      paragraphs: [
        '您好，您通过{{channel}}充值的 ¥{{amount}} 已到账，当前余额 ¥{{balance}}。',
        '收据编号 {{receiptNo}}，可以从下面的链接打开、打印或保存为 PDF。',
        '感谢您使用 {{brand}}。',
      ],
      action: '查看收据',
    },
    'order.paid': {
      subject: '订单 {{orderNo}} 已支付',
      paragraphs: [
        '您好，您的订单 {{orderNo}}（{{orderType}}）已支付，从账户余额中扣除 ¥{{amount}}。',
        '订单详情可以在控制台的订单列表中查看。',
      ],
      action: '查看订单',
    },
    'balance.changed': {
      subject: '{{brand}} 账户余额变动 {{change}} 元',
      paragraphs: [
        '您好，您的账户余额因{{kind}}变动 {{change}} 元，当前余额 ¥{{balance}}。',
        '原因：{{reason}}',
      ],
      action: '查看账单流水',
    },
    'instance.replaced': {
      subject: '静态 IP {{oldIp}} 已更换为 {{newIp}}',
      paragraphs: [
        '您好，您的静态 IP {{oldIp}} 已更换为 {{newIp}}（{{location}}），到期时间仍为 {{expiresAt}}。',
        '旧 IP 已停止服务，请在您的程序和设备中改用新的 IP。',
      ],
      action: '查看 IP',
    },
    'allowlist.changed': {
      subject: '{{brand}} 账户的 IP 白名单已更改',
      paragraphs: [
        '您好，您账户的 IP 白名单刚刚{{change}} {{entry}}。',
        '如果这是您本人的操作，请忽略这封邮件；如果不是，请立即修改密码并检查白名单。',
      ],
      action: '查看白名单',
    },
  },
  'en-US': {
    'payment.credited': {
      subject: 'Your top-up of ¥{{amount}} has arrived',
      paragraphs: [
        'Hello, the ¥{{amount}} you topped up by {{channel}} is in your balance, which is now ¥{{balance}}.',
        'Its receipt, number {{receiptNo}}, is at the link below to view, print or save as a PDF.',
        'Thank you for using {{brand}}.',
      ],
      action: 'View the receipt',
    },
    'order.paid': {
      subject: 'Order {{orderNo}} is paid',
      paragraphs: [
        'Hello, your order {{orderNo}} for {{orderType}} is paid: ¥{{amount}} was taken from your balance.',
        'You can see its details in the order list of the console.',
      ],
      action: 'View the order',
    },
    'balance.changed': {
      subject: 'Your {{brand}} balance changed by {{change}} yuan',
      paragraphs: [
        'Hello, your balance changed by {{change}} yuan through {{kind}}; it is now ¥{{balance}}.',
        'Reason: {{reason}}',
      ],
      action: 'View your transactions',
    },
    'instance.replaced': {
      subject: 'Your static IP {{oldIp}} was replaced by {{newIp}}',
      paragraphs: [
        'Hello, your static IP {{oldIp}} was replaced by {{newIp}} ({{location}}); it still expires on {{expiresAt}}.',
        'The old IP no longer works: use the new one in your programs and devices.',
      ],
      action: 'View the IP',
    },
    'allowlist.changed': {
      subject: 'The IP allowlist of your {{brand}} account was changed',
      paragraphs: [
        'Hello, the IP allowlist of your account just changed: {{change}} {{entry}}.',
        'If you made this change, you can ignore this email. If you did not, change your password now and check the allowlist.',
      ],
      action: 'View the allowlist',
    },
  },
} satisfies Record<Locale, Record<string, MailTemplate>>;
