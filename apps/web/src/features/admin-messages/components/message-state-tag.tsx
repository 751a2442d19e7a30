import type { MessageState } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<MessageState, string> = {
  queued: 'processing',
  sent: 'success',
  failed: 'error',
  suppressed: 'default',
};

export function MessageStateTag({ state }: { state: MessageState }) {
  const { t } = useTranslation();
  return <Tag color={colors[state]}>{t(`adminMessages.state.${state}`)}</Tag>;
}
