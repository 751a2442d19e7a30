import type { LineType } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<LineType, string> = { isp_residential: 'green', datacenter: 'blue' };

export function LineTypeTag({ lineType }: { lineType: LineType }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[lineType]} variant="filled">
      {t(`instances.lineType.${lineType}`)}
    </Tag>
  );
}
