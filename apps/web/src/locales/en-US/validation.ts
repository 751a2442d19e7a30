import type zhCN from '../zh-CN/validation.ts';

export default {
  'validation.email.required': 'Please enter your email',
  'validation.email.invalid': 'This is not a valid email address',
  'validation.password.required': 'Please enter your password',
  'validation.password.tooShort': 'The password needs at least {{min}} characters',
  'validation.password.tooLong': 'The password may have at most {{max}} characters',
  'validation.password.digitsOnly': 'The password must not consist of digits only',
  'validation.password.rules':
    'At least {{min}} characters, not only digits, not a common password, without your email name',
  'validation.confirm.required': 'Please enter the password again',
  'validation.confirm.mismatch': 'The two passwords do not match',
  'validation.name.tooLong': 'The name may have at most {{max}} characters',
} satisfies Record<keyof typeof zhCN, string>;
