import {
  businessProfileFieldsSchema,
  isIssueMessageKey,
  issueMessages,
  type BusinessProfile,
  type BusinessProfileFields,
} from '@stratus/contract';
import { Button, Card, Form, Input, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/business-time.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useUpdateBusinessProfile } from '../api.ts';
import styles from './business-profile-card.module.css';

const FIELD_MAX = { companyName: 100, address: 200, taxNumber: 20, phone: 32, email: 254 };

/** A rule holding a field to the contract's schema of it, in the contract's words. */
function contractRule(name: keyof BusinessProfileFields, invalid: string): FormRule {
  return {
    validator: async (_, value: unknown) => {
      const result = businessProfileFieldsSchema.shape[name].safeParse(value ?? '');
      if (result.success) return;
      const message = result.error.issues[0]?.message ?? '';
      throw new Error(
        isIssueMessageKey(message) ? issueMessages[message][currentLanguage()] : invalid,
      );
    },
  };
}

interface BusinessProfileCardProps {
  profile: BusinessProfile;
}

/** 经营信息: the business's details that receipts print as their issuer; every field optional. */
export function BusinessProfileCard({ profile }: BusinessProfileCardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BusinessProfileFields>();
  const update = useUpdateBusinessProfile();
  const { updatedAt, ...fields } = profile;

  const rules = (name: keyof BusinessProfileFields, invalid = ''): FormRule[] => [
    {
      max: FIELD_MAX[name],
      message: t('adminSettings.business.tooLong', { max: FIELD_MAX[name] }),
    },
    contractRule(name, invalid),
  ];
  const submit = (values: BusinessProfileFields) => {
    update.mutate(
      { ...fields, ...values },
      { onSuccess: () => showSuccessToast(t('adminSettings.business.saved')) },
    );
  };

  return (
    <Card title={t('adminSettings.business.title')} className={styles.card}>
      <Typography.Paragraph type="secondary">
        {t('adminSettings.business.note')}
      </Typography.Paragraph>
      <Form<BusinessProfileFields>
        form={form}
        layout="vertical"
        initialValues={fields}
        onFinish={submit}
        className={styles.form}
      >
        <Form.Item
          name="companyName"
          label={t('adminSettings.business.companyName')}
          rules={rules('companyName')}
        >
          <Input placeholder={t('adminSettings.business.companyNamePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="taxNumber"
          label={t('adminSettings.business.taxNumber')}
          rules={rules('taxNumber')}
        >
          <Input placeholder={t('adminSettings.business.taxNumberPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('adminSettings.business.address')}
          rules={rules('address')}
        >
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t('adminSettings.business.phone')} rules={rules('phone')}>
          <Input inputMode="tel" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('adminSettings.business.email')}
          rules={rules('email', t('adminSettings.business.emailInvalid'))}
        >
          <Input type="email" inputMode="email" />
        </Form.Item>
        <div className={styles.footer}>
          <Typography.Text type="secondary">
            {updatedAt
              ? t('adminSettings.business.updatedAt', { time: formatDateTime(updatedAt) })
              : t('adminSettings.business.neverSaved')}
          </Typography.Text>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('adminSettings.business.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
