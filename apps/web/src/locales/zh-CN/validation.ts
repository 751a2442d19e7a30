export default {
  'validation.email.required': '请输入邮箱',
  'validation.email.invalid': '邮箱格式不正确',
  'validation.password.required': '请输入密码',
  'validation.password.tooShort': '密码至少 {{min}} 个字符',
  'validation.password.tooLong': '密码最多 {{max}} 个字符',
  'validation.password.digitsOnly': '密码不能全为数字',
  'validation.password.rules':
    '至少 {{min}} 个字符，不能全为数字、不能是常见密码，也不能包含邮箱名',
  'validation.confirm.required': '请再次输入密码',
  'validation.confirm.mismatch': '两次输入的密码不一致',
  'validation.name.tooLong': '名称最多 {{max}} 个字符',
};
