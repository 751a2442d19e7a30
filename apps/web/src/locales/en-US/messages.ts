import type zhCN from '../zh-CN/messages.ts';

export default {
  'messages.bell.none': 'Messages, none unread',
  'messages.bell.unread': 'Messages, {{count}} unread',
  'messages.empty': 'No messages yet',
  'messages.open': 'View details',
  'messages.filter.label': 'Show',
  'messages.filter.all': 'All',
  'messages.filter.unread': 'Unread ({{count}})',
  'messages.markAllRead': 'Mark all read',
  'messages.category.security': 'Account security',
  'messages.category.money': 'Money movements',
  'messages.category.reminders': 'Expiry and usage reminders',
  'messages.category.notices': 'Service notices',
  'messages.category.operations': 'Operations alerts',
  'messages.channel.email': 'Email',
  'messages.channel.inbox': 'Inbox',
  'messages.preferences.title': 'Notifications',
  'messages.preferences.category': 'Kind',
  'messages.preferences.mandatory': 'Always sent; cannot be switched off',
  'messages.unsubscribe.ask': 'Unsubscribe from “{{category}}” emails?',
  'messages.unsubscribe.askHint':
    '{{email}} will no longer get these emails. They still show in your inbox, and account security and money emails are not affected.',
  'messages.unsubscribe.confirm': 'Unsubscribe',
  'messages.unsubscribe.done': 'Unsubscribed from “{{category}}” emails',
  'messages.unsubscribe.doneHint':
    '{{email}} will not get these emails any more. To turn them back on, open Notifications in your profile in the console.',
  'messages.unsubscribe.invalid': 'This unsubscribe link is not valid',
  'messages.unsubscribe.invalidHint':
    'The link may be incomplete. Sign in to the console and manage notifications in your profile.',
  'messages.unsubscribe.toConsole': 'Go to the console',
} satisfies Record<keyof typeof zhCN, string>;
