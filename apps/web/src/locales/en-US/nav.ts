import type zhCN from '../zh-CN/nav.ts';

export default {
  'nav.overview': 'Overview',
  'nav.buyStaticIP': 'Buy static IP',
  'nav.ipList': 'IP list',
  'nav.ipOrderList': 'Purchase orders',
  'nav.buyTrafficFlow': 'Buy traffic',
  'nav.trafficFlowHistory': 'Traffic history',
  'nav.trafficFlowPackList': 'Traffic packages',
  'nav.recharge': 'Recharge',
  'nav.businessFlow': 'Billing records',
  'nav.checkoutCounter': 'Checkout',
  'nav.lineBuy': 'Buy lines',
  'nav.routerBuy': 'Buy routers',
  'nav.portal': 'Sign in',
  'nav.paySuccess': 'Payment result',
  'nav.group.ip': 'IP management',
  'nav.group.traffic': 'Traffic management',
  'nav.group.wallet': 'Wallet management',
} satisfies Record<keyof typeof zhCN, string>;
