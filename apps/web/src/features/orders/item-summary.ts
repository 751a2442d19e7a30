import type { Order, OrderItem } from '@stratus/contract';
import type { TFunction } from 'i18next';
import { regionLabel } from '../../shared/format/region.ts';

/** Where a static-IP line leaves from; traffic lines have no region. */
export function itemRegion(item: OrderItem): string {
  return item.countryName ? regionLabel(item.countryName, item.city) : '';
}

/** One line per order item: `10 GB × 2` for traffic, region, line, duration and quantity else. */
export function summariseItem(item: OrderItem, t: TFunction): string {
  if (item.kind === 'traffic') {
    return t('orders.item.trafficSummary', { gb: item.trafficGb ?? 0, quantity: item.quantity });
  }
  return t('orders.item.summary', {
    region: itemRegion(item),
    lineType: item.lineType ? t(`instances.lineType.${item.lineType}`) : '',
    days: item.durationDays,
    quantity: item.quantity,
  });
}

export function summariseItems(order: Order, t: TFunction): string {
  return order.items.map((item) => summariseItem(item, t)).join(' / ');
}
