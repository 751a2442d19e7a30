// Words of the ledger (账单流水) that the console shows and the server writes into the CSV export.
// Type labels follow the seed's own titles: 静态IP购买 and 流量购买 are its route titles.

const zhCN = {
  'wallet.flow.column.time': '时间',
  'wallet.flow.column.type': '类型',
  'wallet.flow.column.amount': '金额',
  'wallet.flow.column.balanceAfter': '变动后余额',
  'wallet.flow.column.reference': '关联单号',
  'wallet.flow.column.note': '备注',
  'wallet.flow.type.topup': '充值',
  'wallet.flow.type.staticIpPurchase': '静态IP购买',
  'wallet.flow.type.renewal': '续费',
  'wallet.flow.type.trafficPurchase': '流量购买',
  'wallet.flow.type.refund': '退款',
  'wallet.flow.type.adjustment': '调整',
  'wallet.ledgerNote.autoRenewal': '自动续费',
  'wallet.ledgerNote.trafficPurchase':
    '{{gb}} GB × {{quantity}} = {{totalGb}} GB，有效期 {{validityDays}} 天',
  'wallet.ledgerNote.staticIpPurchase': '{{region}} · {{line}} × {{quantity}}，{{durationDays}} 天',
  'wallet.ledgerNote.renewal': '{{ips}} 续费 {{durationDays}} 天',
  'wallet.ledgerNote.moreIps': '{{ips}} 等 {{count}} 个 IP',
  'wallet.ledgerNote.region': '{{country}} {{city}}',
  'wallet.ledgerNote.lineType.isp_residential': 'ISP住宅',
  'wallet.ledgerNote.lineType.datacenter': '数据中心',
};

export const walletMessages = {
  'zh-CN': zhCN,
  'en-US': {
    'wallet.flow.column.time': 'Time',
    'wallet.flow.column.type': 'Type',
    'wallet.flow.column.amount': 'Amount',
    'wallet.flow.column.balanceAfter': 'Balance after',
    'wallet.flow.column.reference': 'Reference',
    'wallet.flow.column.note': 'Note',
    'wallet.flow.type.topup': 'Top-up',
    'wallet.flow.type.staticIpPurchase': 'Static IP purchase',
    'wallet.flow.type.renewal': 'Renewal',
    'wallet.flow.type.trafficPurchase': 'Traffic purchase',
    'wallet.flow.type.refund': 'Refund',
    'wallet.flow.type.adjustment': 'Adjustment',
    'wallet.ledgerNote.autoRenewal': 'Automatic renewal',
    'wallet.ledgerNote.trafficPurchase':
      '{{gb}} GB × {{quantity}} = {{totalGb}} GB, valid for {{validityDays}} days',
    'wallet.ledgerNote.staticIpPurchase':
      '{{region}} · {{line}} × {{quantity}}, {{durationDays}} days',
    'wallet.ledgerNote.renewal': '{{ips}} renewed for {{durationDays}} days',
    'wallet.ledgerNote.moreIps': '{{ips}} and {{count}} more',
    'wallet.ledgerNote.region': '{{city}}, {{country}}',
    'wallet.ledgerNote.lineType.isp_residential': 'ISP residential',
    'wallet.ledgerNote.lineType.datacenter': 'Datacenter',
  } satisfies Record<keyof typeof zhCN, string>,
};
