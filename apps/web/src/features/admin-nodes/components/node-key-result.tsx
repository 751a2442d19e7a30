import type { NodeKeyIssued } from '@stratus/contract';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import styles from './node-key-result.module.css';

interface NodeKeyResultProps {
  issued: NodeKeyIssued;
  /** What happened, as the first line says it. */
  kind: 'added' | 'rotated';
}

/**
 * A node key shown this once, with the environment and the command that start the gateway on the
 * node. It lives only in the state of the modal that shows it, dropped when that closes.
 */
export function NodeKeyResult({ issued, kind }: NodeKeyResultProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Alert
        type="success"
        showIcon
        title={t(kind === 'added' ? 'adminNodes.key.added' : 'adminNodes.key.rotated', {
          name: issued.node.name,
        })}
      />
      <div className={styles.line}>
        <span className={styles.label}>{t('adminNodes.key.label')}</span>
        <Typography.Text code className={styles.value} data-testid="node-key">
          {issued.apiKey}
        </Typography.Text>
        <CopyButton text={issued.apiKey} label={t('adminNodes.key.copy')} />
      </div>
      <Alert type="warning" showIcon title={t('adminNodes.key.once')} />
      <Typography.Text strong>{t('adminNodes.key.environment')}</Typography.Text>
      {issued.environment.map(({ name, value }) => (
        <div key={name} className={styles.line}>
          <span className={styles.label}>
            <Typography.Text code>{name}</Typography.Text>
          </span>
          <Typography.Text className={styles.value}>{value}</Typography.Text>
          <CopyButton text={value} label={t('adminNodes.key.copyVariable', { name })} />
        </div>
      ))}
      <Typography.Text strong>{t('adminNodes.key.command')}</Typography.Text>
      <div className={styles.command}>
        <pre data-testid="node-start-command">{issued.command}</pre>
        <CopyButton text={issued.command} label={t('adminNodes.key.copyCommand')} />
      </div>
    </Flex>
  );
}
