import { EditOutlined } from '@ant-design/icons';
import { Button, Input, Typography } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_LENGTH } from '../../../shared/form/credential-rules.ts';
import styles from './editable-name.module.css';

interface EditableNameProps {
  value: string;
  saving: boolean;
  onSave: (name: string) => Promise<unknown>;
}

/** Inline name editor: Enter or leaving the field saves, Esc cancels (and says so). */
export function EditableName({ value, saving, onSave }: EditableNameProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  // Enter and Esc end the edit before the input's blur fires; the blur must not save again.
  const settled = useRef(false);

  const start = () => {
    settled.current = false;
    setDraft(value);
  };
  const cancel = () => {
    settled.current = true;
    setDraft(null);
  };
  const commit = async () => {
    if (settled.current || draft === null) return;
    settled.current = true;
    const name = draft.trim();
    if (name === value) {
      setDraft(null);
      return;
    }
    try {
      await onSave(name);
      setDraft(null);
    } catch {
      // The client already toasted; keep the draft so the user can fix it and retry.
      settled.current = false;
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // Esc belongs to this field: it must not also close the surrounding modal.
    event.stopPropagation();
    cancel();
  };

  if (draft === null) {
    return (
      <span className={styles.view}>
        {value ? (
          <Typography.Text strong className={styles.name}>
            {value}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('users.profile.nameEmpty')}</Typography.Text>
        )}
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={t('users.profile.nameEdit')}
          onClick={start}
        />
      </span>
    );
  }

  return (
    <span className={styles.editor}>
      <Input
        autoFocus
        size="small"
        value={draft}
        maxLength={NAME_MAX_LENGTH}
        disabled={saving}
        aria-label={t('users.profile.name')}
        onChange={(event) => setDraft(event.target.value)}
        onPressEnter={() => void commit()}
        onBlur={() => void commit()}
        onKeyDown={onKeyDown}
      />
      <Typography.Text type="secondary" className={styles.hint}>
        {t('users.profile.nameHint')}
      </Typography.Text>
    </span>
  );
}
