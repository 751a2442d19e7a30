import type zhCN from '../zh-CN/nav.ts';

export default {
  'nav.overview': 'Overview',
  'nav.buyDynamicIP': 'Dynamic IPs',
  'nav.tour.offer.title': 'New here?',
  'nav.tour.offer.text':
    'Take half a minute to see where the menu, your balance and your account are.',
  'nav.tour.offer.start': 'Take the tour',
  'nav.tour.offer.dismiss': 'No thanks',
  'nav.tour.menu.title': 'The menu',
  'nav.tour.menu.description': 'Everything is in the menu, grouped into IPs, traffic and wallet.',
  'nav.tour.ip.title': 'IP management',
  'nav.tour.ip.description':
    'Generate dynamic proxies, buy static IPs, and manage your IP list and purchase orders.',
  'nav.tour.traffic.title': 'Traffic management',
  'nav.tour.traffic.description':
    'Buy traffic packages and see what is left and what was used, by hour or by day.',
  'nav.tour.balance.title': 'Balance',
  'nav.tour.balance.description':
    'Purchases and renewals are paid from your balance; click it to recharge.',
  'nav.tour.account.title': 'Account menu',
  'nav.tour.account.description': 'Your profile, API token, password change and sign-out are here.',
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
  'nav.messages': 'Messages',
  'nav.unsubscribe': 'Unsubscribe',
  'nav.passwordReset': 'Reset password',
  'nav.verifyEmail': 'Confirm email address',
  'nav.group.ip': 'IP management',
  'nav.group.traffic': 'Traffic management',
  'nav.group.wallet': 'Wallet management',
} satisfies Record<keyof typeof zhCN, string>;
