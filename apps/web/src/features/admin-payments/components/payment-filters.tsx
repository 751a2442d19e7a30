import { ReloadOutlined } from '@ant-design/icons';
import { paymentChannels, paymentStatuses } from '@stratus/contract';
import { Button, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_PARAM_FORMAT } from '../../../shared/format/date.ts';
import type { PaymentFilters as Filters } from '../payment-filters.ts';
import styles from './payment-filters.module.css';
import { BusinessDatePicker } from '../../../shared/ui/business-date-picker.ts';

interface PaymentFiltersProps {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
}

/** Status, channel, customer, trade number and creation-day filters of the payment list. */
export function PaymentFilters({ filters, onChange }: PaymentFiltersProps) {
  const { t } = useTranslation();
  const range =
    filters.from && filters.to ? ([dayjs(filters.from), dayjs(filters.to)] as const) : null;
  return (
    <Space wrap size={12} className={styles.bar}>
      <Select
        allowClear
        className={styles.select}
        aria-label={t('adminPayments.filter.status')}
        placeholder={t('adminPayments.filter.allStatuses')}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={paymentStatuses.map((status) => ({
          value: status,
          label: t(`adminPayments.status.${status}`),
        }))}
      />
      <Select
        allowClear
        className={styles.select}
        aria-label={t('adminPayments.filter.channel')}
        placeholder={t('adminPayments.filter.allChannels')}
        value={filters.channel}
        onChange={(channel) => onChange({ channel })}
        options={paymentChannels.map((channel) => ({
          value: channel,
          label: t(`payments.channel.${channel}`),
        }))}
      />
      {/* Keyed by the applied value, so a reset empties the box too. */}
      <Input.Search
        key={`customer:${filters.customer ?? ''}`}
        allowClear
        className={styles.search}
        aria-label={t('adminPayments.filter.customer')}
        placeholder={t('adminPayments.filter.customer')}
        defaultValue={filters.customer}
        onSearch={(customer) => onChange({ customer: customer.trim() || undefined })}
      />
      <Input.Search
        key={`tradeNo:${filters.tradeNo ?? ''}`}
        allowClear
        className={styles.search}
        aria-label={t('adminPayments.filter.tradeNo')}
        placeholder={t('adminPayments.filter.tradeNo')}
        defaultValue={filters.tradeNo}
        onSearch={(tradeNo) => onChange({ tradeNo: tradeNo.trim() || undefined })}
      />
      <BusinessDatePicker.RangePicker
        aria-label={t('adminPayments.filter.dateRange')}
        value={range ? [range[0], range[1]] : null}
        onChange={(dates) =>
          onChange({
            from: dates?.[0]?.format(DATE_PARAM_FORMAT),
            to: dates?.[1]?.format(DATE_PARAM_FORMAT),
          })
        }
      />
      <Button
        icon={<ReloadOutlined />}
        onClick={() =>
          onChange({
            status: undefined,
            channel: undefined,
            customer: undefined,
            tradeNo: undefined,
            from: undefined,
            to: undefined,
          })
        }
      >
        {t('adminPayments.filter.reset')}
      </Button>
    </Space>
  );
}
