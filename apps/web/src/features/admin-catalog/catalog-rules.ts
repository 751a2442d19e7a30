// Form rules of the catalog pages, read off the contract's schemas so the form refuses what the
// server would, in the same words.
import {
  cityCodeSchema,
  countryCodeSchema,
  isIssueMessageKey,
  issueMessages,
} from '@stratus/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { currentLanguage } from '../../shared/i18n/i18n.ts';

function schemaRule(schema: z.ZodType, t: TFunction): FormRule {
  return {
    required: true,
    validator: async (_, value: unknown) => {
      if (typeof value !== 'string' || !value.trim()) throw new Error(t('adminCatalog.required'));
      const result = schema.safeParse(value);
      if (result.success) return;
      const message = result.error.issues[0]?.message ?? '';
      throw new Error(
        isIssueMessageKey(message) ? issueMessages[message][currentLanguage()] : message,
      );
    },
  };
}

export const countryCodeRules = (t: TFunction): FormRule[] => [schemaRule(countryCodeSchema, t)];

export const cityCodeRules = (t: TFunction): FormRule[] => [schemaRule(cityCodeSchema, t)];

export const requiredNameRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('adminCatalog.required') },
  { max: 100 },
];
