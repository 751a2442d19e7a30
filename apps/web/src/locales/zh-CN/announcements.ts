export default {
  'announcements.title': '公告',
  'announcements.severity.info': '通知',
  'announcements.severity.warning': '注意',
  'announcements.severity.critical': '紧急',
  'announcements.dismiss': '关闭',
  'announcements.since': '{{time}} 起',
  'announcements.until': '{{start}} 至 {{end}}',
};
