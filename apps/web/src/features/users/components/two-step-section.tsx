import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTwoStepStatus } from '../api.ts';
import { TwoStepCodeModal, type TwoStepAction } from './two-step-code-modal.tsx';
import { TwoStepEnrolModal } from './two-step-enrol-modal.tsx';
import styles from './two-step.module.css';

/** 两步验证 in the profile: on or off, and the ways to change it. */
export function TwoStepSection() {
  const { t } = useTranslation();
  const status = useTwoStepStatus();
  const [enrolling, setEnrolling] = useState(false);
  const [action, setAction] = useState<TwoStepAction | null>(null);
  const enabled = status.data?.enabled === true;

  return (
    <section aria-labelledby="two-step-title" className={styles.section}>
      <div className={styles.heading}>
        <Typography.Title level={5} id="two-step-title" className={styles.title}>
          {t('users.twoStep.title')}
        </Typography.Title>
        {status.data && (
          <Tag color={enabled ? 'green' : 'default'}>
            {t(enabled ? 'users.twoStep.on' : 'users.twoStep.off')}
          </Tag>
        )}
      </div>
      <Typography.Paragraph type="secondary" className={styles.description}>
        {enabled
          ? t('users.twoStep.onDescription', { count: status.data?.recoveryCodesLeft ?? 0 })
          : t('users.twoStep.offDescription')}
      </Typography.Paragraph>
      {status.data && (
        <Space wrap>
          {enabled ? (
            <>
              <Button onClick={() => setAction('regenerate')}>
                {t('users.twoStep.regenerate')}
              </Button>
              <Button danger onClick={() => setAction('disable')}>
                {t('users.twoStep.disable')}
              </Button>
            </>
          ) : (
            <Button type="primary" onClick={() => setEnrolling(true)}>
              {t('users.twoStep.enable')}
            </Button>
          )}
        </Space>
      )}
      {enrolling && <TwoStepEnrolModal onClose={() => setEnrolling(false)} />}
      {action && <TwoStepCodeModal action={action} onClose={() => setAction(null)} />}
    </section>
  );
}
