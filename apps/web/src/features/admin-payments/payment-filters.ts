import {
  paymentChannels,
  paymentChannelSchema,
  paymentStatuses,
  paymentStatusSchema,
} from '@stratus/contract';
import type { TFunction } from 'i18next';
import type { FilterField } from '../../shared/ui/filter-fields.ts';
import {
  day,
  defineListFilters,
  oneOf,
  text,
  type FilterValues,
} from '../../shared/list-filters.ts';

/** The payment list's filters, kept in the address so a filtered view can be shared or reloaded. */
export const paymentFilters = defineListFilters({
  status: oneOf(paymentStatusSchema),
  channel: oneOf(paymentChannelSchema),
  /** The customer's id or part of their email. */
  customer: text(),
  /** A provider trade number or our payment number. */
  tradeNo: text(),
  /** Inclusive `YYYY-MM-DD` bounds of the creation day. */
  from: day(),
  to: day(),
});

export type PaymentFilters = FilterValues<typeof paymentFilters.params, true>;

/** Status, channel, customer, trade number and creation day of the payment list. */
export function paymentFilterFields(t: TFunction): FilterField<PaymentFilters>[] {
  return [
    {
      kind: 'select',
      name: 'status',
      label: t('adminPayments.filter.status'),
      placeholder: t('adminPayments.filter.allStatuses'),
      options: paymentStatuses.map((status) => ({
        value: status,
        label: t(`adminPayments.status.${status}`),
      })),
      width: 150,
    },
    {
      kind: 'select',
      name: 'channel',
      label: t('adminPayments.filter.channel'),
      placeholder: t('adminPayments.filter.allChannels'),
      options: paymentChannels.map((channel) => ({
        value: channel,
        label: t(`payments.channel.${channel}`),
      })),
      width: 150,
    },
    {
      kind: 'search',
      name: 'customer',
      label: t('adminPayments.filter.customer'),
      placeholder: t('adminPayments.filter.customer'),
      width: 240,
    },
    {
      kind: 'search',
      name: 'tradeNo',
      label: t('adminPayments.filter.tradeNo'),
      placeholder: t('adminPayments.filter.tradeNo'),
      width: 240,
    },
    { kind: 'dateRange', from: 'from', to: 'to', label: t('adminPayments.filter.dateRange') },
  ];
}
