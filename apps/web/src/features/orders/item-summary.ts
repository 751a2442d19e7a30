import type { Order } from '@stratus/contract';
import type { TFunction } from 'i18next';

/** One line per order item: region, line, duration and quantity. */
export function summariseItems(order: Order, t: TFunction): string {
  return order.items
    .map((item) =>
      t('orders.item.summary', {
        region: `${item.countryName} ${item.city}`,
        lineType: t(`instances.lineType.${item.lineType}`),
        days: item.durationDays,
        quantity: item.quantity,
      }),
    )
    .join(' / ');
}
