import { Form, Input, Modal, QRCode, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorUnderField } from '../../../shared/form/server-field-errors.ts';
import { showErrorToast } from '../../../shared/ui/feedback.ts';
import { useConfirmTotpEnrolment, useStartTotpEnrolment } from '../api.ts';
import { RecoveryCodesView } from './recovery-codes-view.tsx';
import styles from './two-step.module.css';

interface TwoStepEnrolModalProps {
  onClose: () => void;
}

/**
 * Switching two-step verification on: scan the QR code (or type the secret), confirm with a code
 * of the app, then the recovery codes, shown once. Mounted for each opening, which starts a new
 * secret (one left unconfirmed never changes sign-in).
 */
export function TwoStepEnrolModal({ onClose }: TwoStepEnrolModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotpEnrolment();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { mutate: startEnrolment } = start;

  useEffect(() => startEnrolment(), [startEnrolment]);

  const submit = async ({ code }: { code: string }) => {
    try {
      const answer = await confirm.mutateAsync({ code: code.trim() });
      setRecoveryCodes(answer.recoveryCodes);
    } catch (error) {
      const placed = showErrorUnderField(form, error, {
        secondFactorIncorrect: 'code',
        tooManySecondFactorAttempts: 'code',
        validationFailed: 'code',
      });
      if (!placed && error instanceof Error) showErrorToast(error.message);
    }
  };

  const enrolment = start.data;
  return (
    <Modal
      open
      title={t(recoveryCodes ? 'users.twoStep.recoveryTitle' : 'users.twoStep.enrolTitle')}
      okText={t('users.twoStep.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={confirm.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      // The codes are shown once: they stay until the person says they are saved.
      mask={{ closable: !recoveryCodes }}
      closable={!recoveryCodes}
      footer={recoveryCodes ? null : undefined}
      destroyOnHidden
    >
      {recoveryCodes ? (
        <RecoveryCodesView codes={recoveryCodes} onSaved={onClose} />
      ) : !enrolment ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <Space orientation="vertical" size={12} className={styles.full}>
          <Typography.Paragraph>{t('users.twoStep.scan')}</Typography.Paragraph>
          <div className={styles.qr}>
            <QRCode type="svg" value={enrolment.otpauthUrl} size={180} bordered={false} />
          </div>
          <Typography.Text type="secondary">{t('users.twoStep.typeSecret')}</Typography.Text>
          <Typography.Text copyable code className={styles.secret} data-testid="totp-secret">
            {enrolment.secret}
          </Typography.Text>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => submit(values).catch(() => undefined)}
          >
            <Form.Item
              name="code"
              label={t('users.twoStep.codeLabel')}
              rules={[
                { required: true, message: t('users.twoStep.codeFormat') },
                { pattern: /^\s*\d{6}\s*$/, message: t('users.twoStep.codeFormat') },
              ]}
            >
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder={t('users.twoStep.codePlaceholder')}
                className={styles.codeInput}
              />
            </Form.Item>
          </Form>
        </Space>
      )}
    </Modal>
  );
}
