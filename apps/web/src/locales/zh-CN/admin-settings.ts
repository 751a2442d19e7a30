export default {
  'adminSettings.title': '系统设置',
  'adminSettings.business.title': '经营信息',
  'adminSettings.business.note':
    '收据和发票上以此作为开具方。留空的项目不会打印；公司名称留空时收据显示产品名称。',
  'adminSettings.business.companyName': '公司名称',
  'adminSettings.business.companyNamePlaceholder': '如：云层网络科技（上海）有限公司',
  'adminSettings.business.address': '地址',
  'adminSettings.business.taxNumber': '纳税人识别号',
  'adminSettings.business.taxNumberPlaceholder': '统一社会信用代码，18 位',
  'adminSettings.business.phone': '电话',
  'adminSettings.business.email': '联系邮箱',
  'adminSettings.business.emailInvalid': '请输入正确的邮箱地址',
  'adminSettings.business.tooLong': '最多 {{max}} 个字符',
  'adminSettings.business.save': '保存',
  'adminSettings.business.saved': '经营信息已保存',
  'adminSettings.business.updatedAt': '最近修改：{{time}}',
  'adminSettings.business.neverSaved': '尚未填写',
};
