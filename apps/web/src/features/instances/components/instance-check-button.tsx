import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { Instance } from '@stratus/contract';
import { Button, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstanceCheck, useStartInstanceCheck } from '../api.ts';
import styles from './cells.module.css';

/**
 * 检测: asks the instance's gateway to test it, then says where the check is while it waits
 * (being sent, then sent to the node and waiting for its test: the node takes the check at its
 * next poll, a few seconds at most) and the result: 正常 with the proxy's latency, or what failed
 * in words. The wait and the latency are two things, and the words keep them apart.
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
      {pending && (
        <span className={styles.checkWaiting} role="status">
          <Spin size="small" aria-label={t('instances.check.pending')} />
          {start.isPending ? t('instances.check.sending') : t('instances.check.waitingForNode')}
        </span>
      )}
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
