import { EditOutlined } from '@ant-design/icons';
import type { Instance } from '@stratus/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useUpdateInstance } from '../api.ts';
import styles from './cells.module.css';

// Ant Design's Typography (its editable text) is fetched at the first edit, not with the list.
const RemarkEditor = lazy(() =>
  import('./remark-editor.tsx').then((module) => ({ default: module.RemarkEditor })),
);

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
      <Suspense fallback={<span>{instance.remark || '--'}</span>}>
        <RemarkEditor remark={instance.remark} onSave={save} onCancel={stop} />
      </Suspense>
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
