import type zhCN from '../zh-CN/overview.ts';

export default {
  'overview.failed': 'The overview could not be loaded',
  'overview.retry': 'Retry',
  'overview.stat.balance': 'Balance',
  'overview.stat.recharge': 'Recharge',
  'overview.stat.activeIps': 'Active IPs',
  'overview.stat.viewIps': 'View IP list',
  'overview.stat.expiring': 'Expiring in 7 days',
  'overview.stat.viewExpiring': 'View and renew',
  'overview.stat.traffic': 'Traffic left / total',
  'overview.stat.viewPackages': 'View packages',
  'overview.usage.title': 'Traffic, last 30 days',
  'overview.usage.history': 'Traffic history',
  'overview.usage.empty':
    "No traffic in the last 30 days. Once your proxies carry traffic, each day's upload and download appear here.",
  'overview.usage.buy': 'Buy traffic',
  'overview.orders.title': 'Recent orders',
  'overview.orders.all': 'All orders',
  'overview.orders.loading': 'Loading recent orders',
  'overview.shortcuts.title': 'Shortcuts',
} satisfies Record<keyof typeof zhCN, string>;
