// The operator's settings: the business's own details, which receipts print as their issuer.
// Each group of settings is read and replaced whole by the owner; an untouched group answers its
// defaults.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailSchema, singleLineTextSchema } from '../validation.ts';

/** The groups of operator settings, each one row of `operator_settings`. */
export const operatorSettingKeys = ['business_profile'] as const;
export type OperatorSettingKey = (typeof operatorSettingKeys)[number];

/**
 * 纳税人识别号: the 18-character unified social credit code, or an older 15- or 20-character
 * number; empty while the business has none on record.
 */
const taxNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(?:[0-9A-Z]{15}|[0-9A-Z]{18}|[0-9A-Z]{20})?$/, 'taxNumber');

/** The business as receipts name it. Every field may stay empty until the owner fills it in. */
export const businessProfileFieldsSchema = z.object({
  /** The legal name printed as the receipt's issuer; empty: the product's name. */
  companyName: singleLineTextSchema({ max: 100 }),
  address: singleLineTextSchema({ max: 200 }),
  taxNumber: taxNumberSchema,
  phone: singleLineTextSchema({ max: 32 }),
  /** Where customers write about a receipt; empty or an email address. */
  email: z.union([z.string().max(0), emailSchema]),
});
export type BusinessProfileFields = z.infer<typeof businessProfileFieldsSchema>;

/** The defaults of an untouched business profile: all empty. */
export const EMPTY_BUSINESS_PROFILE: BusinessProfileFields = {
  companyName: '',
  address: '',
  taxNumber: '',
  phone: '',
  email: '',
};

export const businessProfileSchema = businessProfileFieldsSchema.extend({
  /** ISO 8601; null while the defaults stand. */
  updatedAt: z.iso.datetime().nullable(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

export const getBusinessProfile = defineEndpoint({
  method: 'GET',
  path: '/admin/settings/business-profile',
  summary: "The business's details that receipts print",
  tag: 'admin',
  access: 'staff',
  permission: 'settings.manage',
  errors: [],
  response: businessProfileSchema,
});

export const updateBusinessProfile = defineEndpoint({
  method: 'PUT',
  path: '/admin/settings/business-profile',
  summary: "Replace the business's details that receipts print",
  tag: 'admin',
  access: 'staff',
  permission: 'settings.manage',
  errors: [],
  body: businessProfileFieldsSchema,
  response: businessProfileSchema,
});
