import type zhCN from '../zh-CN/admin-staff.ts';

export default {
  'adminStaff.title': 'Staff',
  'adminStaff.add': 'Add staff member',
  'adminStaff.column.email': 'Email',
  'adminStaff.column.name': 'Name',
  'adminStaff.column.role': 'Role',
  'adminStaff.column.lastSignIn': 'Last sign-in',
  'adminStaff.column.createdAt': 'Account created',
  'adminStaff.column.actions': 'Actions',
  'adminStaff.neverSignedIn': 'Never',
  'adminStaff.disabled': 'Disabled',
  'adminStaff.you': '(you)',
  'adminStaff.changeRole': 'Change the role of {{email}}',
  'adminStaff.roleChanged': '{{email}} is now {{role}}',
  'adminStaff.remove': 'Remove',
  'adminStaff.remove.confirm': 'Remove {{email}} from the staff?',
  'adminStaff.remove.hint':
    'The account stays, as a customer, and loses the operator console at once.',
  'adminStaff.removed': '{{email}} is no longer staff',
  'adminStaff.empty': 'No staff yet',
  'adminStaff.form.email': 'Email',
  'adminStaff.form.emailPlaceholder': 'The email they sign in with',
  'adminStaff.form.role': 'Role',
  'adminStaff.form.submit': 'Add',
  'adminStaff.form.done': 'Done',
  'adminStaff.added.existing':
    '{{email}} already had an account and is now {{role}}; they sign in with their own password.',
  'adminStaff.added.created': 'Created a {{role}} account for {{email}}.',
  'adminStaff.added.password': 'Initial password',
  'adminStaff.added.passwordOnce':
    'The password is shown only this once: copy it now, hand it over safely, and ask them to change it after signing in.',
  'adminStaff.added.copyPassword': 'Copy password',
  'adminStaff.matrix.title': 'What each role can do',
  'adminStaff.matrix.permission': 'Permission',
  'adminStaff.matrix.allowed': 'Allowed',
  'adminStaff.matrix.denied': 'Not allowed',
} satisfies Record<keyof typeof zhCN, string>;
