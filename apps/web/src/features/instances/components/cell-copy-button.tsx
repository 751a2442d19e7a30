import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/clipboard.ts';
import { COPY_CONFIRMATION_MS } from '../../../shared/ui/copy-button.tsx';
import { showErrorToast } from '../../../shared/ui/feedback.ts';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import styles from './cells.module.css';

interface CellCopyButtonProps {
  text: string;
  /** Accessible name, e.g. "Copy password"; defaults to "Copy". */
  label?: string;
}

/**
 * The shared `CopyButton` (an icon button that turns into a ✓ for 3 s after a copy) as a plain
 * button, its hint the native title: the IP list draws two to three per row.
 */
export function CellCopyButton({ text, label }: CellCopyButtonProps) {
  const { t } = useTranslation();
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  const copy = async () => {
    try {
      await copyText(text);
      setCopiedAt(Date.now());
    } catch {
      showErrorToast(t('common.copyFailed'));
    }
  };

  const copied = copiedAt !== null;
  const name = label ?? t('common.copy');
  return (
    <button
      type="button"
      className={`${styles.iconButton} ${TOUCH_TARGET}`}
      aria-label={name}
      title={copied ? t('common.copied') : name}
      data-copied={copied}
      onClick={() => void copy()}
    >
      {copied ? <CheckOutlined className={styles.copied} /> : <CopyOutlined />}
    </button>
  );
}
