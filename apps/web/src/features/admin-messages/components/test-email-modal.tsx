import type { EndpointData, sendTestEmail } from '@stratus/contract';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendTestEmail, type TestEmailBody } from '../api.ts';
import styles from './test-email-modal.module.css';

type TestEmailAnswer = EndpointData<typeof sendTestEmail>;

interface TestEmailModalProps {
  open: boolean;
  /** The address filled in first: the operator's own. */
  defaultTo: string | undefined;
  onClose: () => void;
}

const alertType = { accepted: 'success', refused: 'error', outbox: 'info' } as const;

/** Sends a test email at once and shows what the SMTP server answered, word for word. */
export function TestEmailModal({ open, defaultTo, onClose }: TestEmailModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TestEmailBody>();
  const send = useSendTestEmail();
  const [answer, setAnswer] = useState<TestEmailAnswer | null>(null);

  const submit = async (body: TestEmailBody) => {
    setAnswer(null);
    // A refusal of the request itself (a malformed address) is toasted by the client.
    setAnswer(await send.mutateAsync(body));
  };

  return (
    <Modal
      open={open}
      title={t('adminMessages.test.title')}
      okText={t('adminMessages.test.submit')}
      cancelText={t('common.close')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => setAnswer(null)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('adminMessages.test.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ to: defaultTo ?? '' }}
        onFinish={(values) => submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="to"
          label={t('adminMessages.test.to')}
          rules={[
            { required: true, whitespace: true, message: t('adminMessages.test.toRequired') },
            { type: 'email', message: t('adminMessages.test.toInvalid') },
          ]}
        >
          <Input type="email" maxLength={254} autoComplete="email" />
        </Form.Item>
      </Form>
      {answer && (
        <Alert
          type={alertType[answer.outcome]}
          showIcon
          data-testid="test-email-answer"
          title={t(`adminMessages.test.${answer.outcome}`)}
          description={
            answer.reply ? (
              <>
                <span className={styles.label}>{t('adminMessages.test.reply')}</span>
                <Typography.Text copyable className={styles.reply}>
                  {answer.reply}
                </Typography.Text>
              </>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}
