import type zhCN from '../zh-CN/admin-settings.ts';

export default {
  'adminSettings.title': 'Settings',
  'adminSettings.business.title': 'Business details',
  'adminSettings.business.note':
    'Receipts and invoices name these as the issuer. Empty fields are not printed; without a company name, receipts show the product name.',
  'adminSettings.business.companyName': 'Company name',
  'adminSettings.business.companyNamePlaceholder': 'e.g. Stratus Networks (Shanghai) Co., Ltd.',
  'adminSettings.business.address': 'Address',
  'adminSettings.business.taxNumber': 'Taxpayer number',
  'adminSettings.business.taxNumberPlaceholder': 'Unified social credit code, 18 characters',
  'adminSettings.business.phone': 'Phone',
  'adminSettings.business.email': 'Contact email',
  'adminSettings.business.emailInvalid': 'Enter a valid email address',
  'adminSettings.business.tooLong': 'At most {{max}} characters',
  'adminSettings.business.save': 'Save',
  'adminSettings.business.saved': 'Business details saved',
  'adminSettings.business.updatedAt': 'Last changed {{time}}',
  'adminSettings.business.neverSaved': 'Not filled in yet',
} satisfies Record<keyof typeof zhCN, string>;
