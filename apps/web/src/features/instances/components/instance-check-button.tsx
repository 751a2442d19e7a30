import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { Instance } from '@stratus/contract';
import { Button, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstanceCheck, useStartInstanceCheck } from '../api.ts';
import styles from './cells.module.css';

/**
 * 检测: asks the instance's gateway to test it, then shows a spinner while the check is pending
 * (read every second) and the result: 正常 with the latency, or what failed in words.
 */
export function InstanceCheckButton({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  const start = useStartInstanceCheck();
  const [checkId, setCheckId] = useState<string>();
  const check = useInstanceCheck(instance.id, checkId);
  const result = check.data;
  const pending =
    start.isPending || (checkId !== undefined && (!result || result.status === 'pending'));

  return (
    <span className={styles.checkResult} data-testid="instance-check">
      <Button
        type="link"
        size="small"
        disabled={instance.status !== 'active' || pending}
        onClick={() => start.mutateAsync(instance.id).then((created) => setCheckId(created.id))}
      >
        {t('instances.check.action')}
      </Button>
      {pending && <Spin size="small" aria-label={t('instances.check.pending')} />}
      {!pending && result?.status === 'ok' && (
        <span className={styles.ok}>
          <CheckCircleFilled /> {t('instances.check.ok', { ms: result.latencyMs ?? 0 })}
        </span>
      )}
      {!pending && result?.status === 'failed' && (
        <span className={styles.failed}>
          <CloseCircleFilled /> {t(`instances.check.failure.${result.failure ?? 'egress'}`)}
        </span>
      )}
    </span>
  );
}
