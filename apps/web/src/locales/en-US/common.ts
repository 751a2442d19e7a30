import { timeMessages } from '@stratus/contract';
import type zhCN from '../zh-CN/common.ts';

export default {
  // Words the server writes too (CSV time columns): one catalogue, in the contract.
  ...timeMessages['en-US'],
  'common.brand': 'Stratus Proxy',
  'common.language.label': 'Language',
  'common.language.zh-CN': '中文',
  'common.language.en-US': 'English',
  'common.comingSoon.title': 'Coming soon',
  'common.comingSoon.description': 'This section is not available yet. We are working on it.',
  'common.pageError.title': 'Sorry, an error occurred on the page!',
  'common.pageError.retry': 'Try again?',
  'common.filters': 'Filters',
  'common.forbidden.title': 'Access denied',
  'common.notFound.title': 'Page not found',
  'common.notFound.description': 'Sorry, the page you visited does not exist or has been removed.',
  'common.notFound.home': 'Back home',
  'common.menu': 'Menu',
  'common.openMenu': 'Open the menu',
  'common.removeRecentPage': 'Remove “{{title}}” from recent pages',
  'common.recentPages': 'Recent',
  'common.loading': 'Loading',
  'common.copy': 'Copy',
  'common.copyFailed': 'Copy failed. Please select the text and copy it manually',
  'common.copied': 'Copied',
  'common.cancel': 'Cancel',
  'common.confirm': 'OK',
  'common.close': 'Close',
  'common.show': 'Show',
  'common.hide': 'Hide',
} satisfies Record<keyof typeof zhCN, string>;
