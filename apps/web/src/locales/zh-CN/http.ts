export default {
  'http.error.network': '网络连接失败，请检查网络后重试',
  'http.error.timeout': '请求超时，请稍后重试',
  'http.error.status': '请求失败（HTTP {{status}}），请稍后重试',
  'http.error.unreadable': '服务器返回了无法识别的数据，请稍后重试',
  'http.stepUp.title': '确认是您本人',
  'http.stepUp.codeNote':
    '涉及资金或账户权限的操作需要再次验证。请输入验证器应用中的 6 位验证码或一个恢复码，验证后 10 分钟内无需重复。',
  'http.stepUp.passwordNote':
    '涉及资金或账户权限的操作需要再次验证。请输入登录密码，验证后 10 分钟内无需重复。',
  'http.stepUp.codeLabel': '验证码或恢复码',
  'http.stepUp.codeRequired': '请输入验证码或恢复码',
  'http.stepUp.passwordLabel': '登录密码',
  'http.stepUp.passwordRequired': '请输入登录密码',
  'http.stepUp.confirm': '验证并继续',
  'http.stepUp.cancel': '取消',
  'http.stepUp.passkeyNote':
    '涉及资金或账户权限的操作需要再次验证。请使用通行密钥，或输入一个恢复码，验证后 10 分钟内无需重复。',
  'http.stepUp.usePasskey': '使用通行密钥',
  'http.stepUp.recoveryLabel': '恢复码',
  'http.stepUp.passkeyFailed': '通行密钥验证未完成，请重试',
};
