import type zhCN from '../zh-CN/http.ts';

export default {
  'http.error.network': 'Network error. Please check your connection and try again',
  'http.error.timeout': 'The request timed out. Please try again later',
  'http.error.status': 'Request failed (HTTP {{status}}). Please try again later',
  'http.error.unreadable': 'The server sent an unreadable answer. Please try again later',
} satisfies Record<keyof typeof zhCN, string>;
