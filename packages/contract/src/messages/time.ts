// How a time's title names the business time zone: "时间 (UTC+8)". The console titles its date
// columns, detail fields and chart axes this way and the server its CSV time columns, through
// `titleWithTimeZone`, so a title reads the same on screen and in a file.

const zhCN = {
  'common.time.withZone': '{{title}} ({{zone}})',
  /** A chart's axis of times (hours). */
  'common.time.axis': '时间',
  /** A chart's axis of business days. */
  'common.time.dayAxis': '日期',
};

export const timeMessages = {
  'zh-CN': zhCN,
  'en-US': {
    'common.time.withZone': '{{title}} ({{zone}})',
    'common.time.axis': 'Time',
    'common.time.dayAxis': 'Date',
  } satisfies Record<keyof typeof zhCN, string>,
};
