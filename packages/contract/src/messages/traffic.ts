// Column titles of the traffic history (流量历史), on screen and in its CSV export. The CSV holds
// raw byte counts where the screen shows sizes, so its titles add the unit to the same words.

const zhCN = {
  'traffic.usage.column.time': '时间',
  'traffic.usage.upload': '上传',
  'traffic.usage.download': '下载',
  'traffic.usage.total': '合计',
  'traffic.usage.csv.inBytes': '{{column}}（字节）',
};

export const trafficMessages = {
  'zh-CN': zhCN,
  'en-US': {
    'traffic.usage.column.time': 'Time',
    'traffic.usage.upload': 'Upload',
    'traffic.usage.download': 'Download',
    'traffic.usage.total': 'Total',
    'traffic.usage.csv.inBytes': '{{column}} (bytes)',
  } satisfies Record<keyof typeof zhCN, string>,
};
