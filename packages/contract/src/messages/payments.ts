// Payment channel names and top-up notes: the recharge and checkout pages, the ledger on screen
// and in the CSV export.

const zhCN = {
  'payments.channel.sandbox': '沙箱支付',
  'payments.channel.alipay': '支付宝',
  'payments.channel.wechat': '微信支付',
  'payments.ledgerNote.creditedAfterClose': '{{channel}}（支付单关闭后付款，已入账）',
};

export const paymentsMessages = {
  'zh-CN': zhCN,
  'en-US': {
    'payments.channel.sandbox': 'Sandbox',
    'payments.channel.alipay': 'Alipay',
    'payments.channel.wechat': 'WeChat Pay',
    'payments.ledgerNote.creditedAfterClose':
      '{{channel}} (paid after the payment was closed; credited)',
  } satisfies Record<keyof typeof zhCN, string>,
};
