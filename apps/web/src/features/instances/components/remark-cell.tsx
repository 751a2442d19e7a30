import { EditOutlined } from '@ant-design/icons';
import type { Instance } from '@stratus/contract';
import { Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useUpdateInstance } from '../api.ts';
import styles from './cells.module.css';

/**
 * The remark, edited in place; saved on Enter or blur, Escape keeps it. At rest it is plain text
 * and a pencil button; Ant Design's editable text mounts only while editing.
 */
export function RemarkCell({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  const update = useUpdateInstance();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const stop = () => {
    setEditing(false);
    // Back where the edit began, as Ant Design's own editable text does.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const save = (value: string) => {
    stop();
    const remark = value.trim();
    if (remark === instance.remark) return;
    update.mutate(
      { id: instance.id, changes: { remark } },
      { onSuccess: () => showSuccessToast(t('instances.list.remarkSaved')) },
    );
  };
  if (editing)
    return (
      <Typography.Text
        editable={{
          editing: true,
          onChange: save,
          onCancel: stop,
          maxLength: 200,
          text: instance.remark,
        }}
      >
        {instance.remark}
      </Typography.Text>
    );
  return (
    <span>
      {instance.remark || '--'}
      <button
        ref={editButton}
        type="button"
        className={`${styles.editButton} ${TOUCH_TARGET}`}
        aria-label={t('instances.list.editRemark')}
        title={t('instances.list.editRemark')}
        onClick={() => setEditing(true)}
      >
        <EditOutlined />
      </button>
    </span>
  );
}
