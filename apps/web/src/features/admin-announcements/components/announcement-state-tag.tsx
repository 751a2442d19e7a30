import type { AnnouncementState } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<AnnouncementState, string> = {
  scheduled: 'blue',
  current: 'green',
  ended: 'default',
};

/** 未开始 / 展示中 / 已结束. */
export function AnnouncementStateTag({ state }: { state: AnnouncementState }) {
  const { t } = useTranslation();
  return <Tag color={colors[state]}>{t(`adminAnnouncements.state.${state}`)}</Tag>;
}
