import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../clipboard.ts';
import { showErrorToast } from './feedback.ts';

/** How long the ✓ confirmation stays after a copy (seed: 3 seconds). */
export const COPY_CONFIRMATION_MS = 3000;
const CONFIRMED_COLOUR = '#16a34a';

interface CopyButtonProps {
  text: string;
  /** Accessible name, e.g. "Copy token"; defaults to "Copy". */
  label?: string;
}

/**
 * Copies `text` on `copy()`; `copied` is true for 3 s after (a toast says when it failed). Every
 * copy button's behaviour: this one, and the IP list's plain one.
 */
export function useCopyConfirmation(text: string): { copied: boolean; copy: () => void } {
  const { t } = useTranslation();
  // A new value per copy restarts the 3 s window even when already confirmed.
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
  return { copied: copiedAt !== null, copy: () => void copy() };
}

export function CopyButton({ text, label }: CopyButtonProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyConfirmation(text);
  return (
    <Tooltip title={copied ? t('common.copied') : (label ?? t('common.copy'))}>
      <Button
        type="text"
        aria-label={label ?? t('common.copy')}
        data-copied={copied}
        icon={copied ? <CheckOutlined style={{ color: CONFIRMED_COLOUR }} /> : <CopyOutlined />}
        onClick={copy}
      />
    </Tooltip>
  );
}
