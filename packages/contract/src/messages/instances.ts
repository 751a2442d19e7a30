// Column titles of the static-IP CSV export (导出 → CSV), written by the server in the caller's
// language.

const zhCN = {
  'instances.csv.ip': 'IP',
  'instances.csv.port': '端口',
  'instances.csv.vmessPort': 'vmess 端口',
  'instances.csv.protocols': '协议',
  'instances.csv.username': '用户名',
  'instances.csv.password': '密码',
  'instances.csv.vmessId': 'vmess UUID',
  'instances.csv.country': '国家/地区',
  'instances.csv.city': '城市',
  'instances.csv.remark': '备注',
  'instances.csv.expiresAt': '到期时间',
};

export const instancesMessages = {
  'zh-CN': zhCN,
  'en-US': {
    'instances.csv.ip': 'IP',
    'instances.csv.port': 'Port',
    'instances.csv.vmessPort': 'vmess port',
    'instances.csv.protocols': 'Protocols',
    'instances.csv.username': 'Username',
    'instances.csv.password': 'Password',
    'instances.csv.vmessId': 'vmess UUID',
    'instances.csv.country': 'Country/region',
    'instances.csv.city': 'City',
    'instances.csv.remark': 'Remark',
    'instances.csv.expiresAt': 'Expires',
  } satisfies Record<keyof typeof zhCN, string>,
};
