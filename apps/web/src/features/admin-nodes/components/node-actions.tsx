import type { AdminNode, NodeKeyIssued } from '@stratus/contract';
import { Button, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useRotateNodeKey, useSetNodeStatus } from '../api.ts';
import styles from './node-actions.module.css';
import { NodeKeyResult } from './node-key-result.tsx';

interface NodeActionsProps {
  node: Pick<AdminNode, 'id' | 'name' | 'status'>;
  /** Link-style buttons, for a table row. */
  compact?: boolean;
}

/** Rotate the key (confirmed, then the new key once), disable or enable (confirmed). */
export function NodeActions({ node, compact = false }: NodeActionsProps) {
  const { t } = useTranslation();
  const rotate = useRotateNodeKey();
  const setStatus = useSetNodeStatus();
  const [issued, setIssued] = useState<NodeKeyIssued | null>(null);
  const disabling = node.status === 'active';
  const name = node.name;

  const closeKey = () => {
    setIssued(null);
    rotate.reset();
  };

  return (
    <>
      <Space size={compact ? 0 : 8}>
        <Popconfirm
          title={t('adminNodes.rotate.confirm', { name })}
          description={<div className={styles.hint}>{t('adminNodes.rotate.hint')}</div>}
          okText={t('adminNodes.action.rotate')}
          cancelText={t('common.cancel')}
          onConfirm={() => rotate.mutateAsync(node.id).then(setIssued)}
        >
          <Button
            type={compact ? 'link' : 'default'}
            size={compact ? 'small' : 'middle'}
            loading={rotate.isPending}
          >
            {t('adminNodes.action.rotate')}
          </Button>
        </Popconfirm>
        <Popconfirm
          title={t(disabling ? 'adminNodes.disable.confirm' : 'adminNodes.enable.confirm', {
            name,
          })}
          description={
            <div className={styles.hint}>
              {t(disabling ? 'adminNodes.disable.hint' : 'adminNodes.enable.hint')}
            </div>
          }
          okText={t(disabling ? 'adminNodes.action.disable' : 'adminNodes.action.enable')}
          okButtonProps={{ danger: disabling }}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            setStatus
              .mutateAsync({ id: node.id, disable: disabling })
              .then(() =>
                showSuccessToast(
                  t(disabling ? 'adminNodes.disable.done' : 'adminNodes.enable.done', { name }),
                ),
              )
          }
        >
          <Button
            type={compact ? 'link' : 'default'}
            size={compact ? 'small' : 'middle'}
            danger={disabling}
            loading={setStatus.isPending}
          >
            {t(disabling ? 'adminNodes.action.disable' : 'adminNodes.action.enable')}
          </Button>
        </Popconfirm>
      </Space>
      <Modal
        open={issued !== null}
        title={t('adminNodes.key.title', { name })}
        onCancel={closeKey}
        maskClosable={false}
        destroyOnHidden
        width={760}
        footer={
          <Button type="primary" onClick={closeKey}>
            {t('adminNodes.form.done')}
          </Button>
        }
      >
        {issued && <NodeKeyResult issued={issued} kind="rotated" />}
      </Modal>
    </>
  );
}
