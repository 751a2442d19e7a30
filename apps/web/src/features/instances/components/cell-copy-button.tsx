import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCopyConfirmation } from '../../../shared/ui/copy-button.tsx';
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
  const { copied, copy } = useCopyConfirmation(text);
  const name = label ?? t('common.copy');
  return (
    <button
      type="button"
      className={`${styles.iconButton} ${TOUCH_TARGET}`}
      aria-label={name}
      title={copied ? t('common.copied') : name}
      data-copied={copied}
      onClick={copy}
    >
      {copied ? <CheckOutlined className={styles.copied} /> : <CopyOutlined />}
    </button>
  );
}
