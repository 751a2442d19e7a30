import type { OrderType } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { PlainTag, type PlainTagColour } from '../../../shared/ui/plain-tag.tsx';

const colours: Record<OrderType, PlainTagColour> = {
  static_ip: 'blue',
  renewal: 'purple',
  traffic: 'cyan',
  replacement: 'orange',
};

/** What kind of order, as a filled tag in its colour (plain: the overview's first screen shows it). */
export function OrderTypeTag({ type }: { type: OrderType }) {
  const { t } = useTranslation();
  return (
    <PlainTag colour={colours[type]} variant="filled">
      {t(`orders.type.${type}`)}
    </PlainTag>
  );
}
