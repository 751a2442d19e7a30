import type { LineType } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { CellTag, type CellTagColour } from './cell-tag.tsx';

const colours: Record<LineType, CellTagColour> = { isp_residential: 'green', datacenter: 'blue' };

export function LineTypeTag({ lineType }: { lineType: LineType }) {
  const { t } = useTranslation();
  return <CellTag colour={colours[lineType]}>{t(`instances.lineType.${lineType}`)}</CellTag>;
}
