import { timeMessages } from '@stratus/contract';

export default {
  // Words the server writes too (CSV time columns): one catalogue, in the contract.
  ...timeMessages['zh-CN'],
  'common.brand': '层云代理',
  'common.language.label': '语言',
  'common.language.zh-CN': '中文',
  'common.language.en-US': 'English',
  'common.comingSoon.title': '即将上线',
  'common.comingSoon.description': '此板块暂未开放，我们正在加紧建设中。',
  'common.pageError.title': 'Sorry, an error occurred on the page!',
  'common.pageError.retry': 'Try again?',
  'common.notFound.title': '页面不存在',
  'common.notFound.description': '抱歉，您访问的页面不存在或已被移除。',
  'common.notFound.home': '返回首页',
  'common.menu': '菜单',
  'common.openMenu': '打开菜单',
  'common.removeRecentPage': '从最近访问中移除“{{title}}”',
  'common.recentPages': '最近访问',
  'common.copy': '复制',
  'common.copyFailed': '复制失败，请手动选择文本复制',
  'common.copied': '已复制',
  'common.cancel': '取消',
  'common.confirm': '确定',
  'common.close': '关闭',
  'common.show': '显示',
  'common.hide': '隐藏',
};
