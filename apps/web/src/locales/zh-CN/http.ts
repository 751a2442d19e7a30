export default {
  'http.error.network': '网络连接失败，请检查网络后重试',
  'http.error.timeout': '请求超时，请稍后重试',
  'http.error.status': '请求失败（HTTP {{status}}），请稍后重试',
  'http.error.unreadable': '服务器返回了无法识别的数据，请稍后重试',
};
