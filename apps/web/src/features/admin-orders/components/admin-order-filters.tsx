import { ReloadOutlined } from '@ant-design/icons';
import { orderStatuses, orderTypes } from '@stratus/contract';
import { Button, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_PARAM_FORMAT } from '../../../shared/format/date.ts';
import type { AdminOrderFilters as Filters } from '../admin-order-filters.ts';
import styles from './admin-order-filters.module.css';
import { BusinessDatePicker } from '../../../shared/ui/business-date-picker.ts';

interface AdminOrderFiltersProps {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
}

/** Type, status, customer, order number and date range of the operator's order list. */
export function AdminOrderFilters({ filters, onChange }: AdminOrderFiltersProps) {
  const { t } = useTranslation();
  const range =
    filters.from && filters.to ? ([dayjs(filters.from), dayjs(filters.to)] as const) : null;
  return (
    <Space wrap size={12} className={styles.bar}>
      <Select
        allowClear
        className={styles.select}
        aria-label={t('adminOrders.filter.type')}
        placeholder={t('adminOrders.filter.allTypes')}
        value={filters.type}
        onChange={(type) => onChange({ type })}
        options={orderTypes.map((type) => ({ value: type, label: t(`orders.type.${type}`) }))}
      />
      <Select
        allowClear
        className={styles.select}
        aria-label={t('adminOrders.filter.status')}
        placeholder={t('adminOrders.filter.allStatuses')}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={orderStatuses.map((status) => ({
          value: status,
          label: t(`orders.status.${status}`),
        }))}
      />
      {/* Keyed by the filter, so a reset or a shared address shows in the box. */}
      <Input.Search
        key={`customer:${filters.customer ?? ''}`}
        allowClear
        className={styles.search}
        aria-label={t('adminOrders.filter.customer')}
        placeholder={t('adminOrders.filter.customer')}
        defaultValue={filters.customer}
        onSearch={(customer) => onChange({ customer })}
      />
      <Input.Search
        key={`orderNo:${filters.orderNo ?? ''}`}
        allowClear
        className={styles.search}
        aria-label={t('adminOrders.filter.orderNo')}
        placeholder={t('adminOrders.filter.orderNo')}
        defaultValue={filters.orderNo}
        onSearch={(orderNo) => onChange({ orderNo })}
      />
      <BusinessDatePicker.RangePicker
        aria-label={t('adminOrders.filter.dateRange')}
        value={range ? [range[0], range[1]] : null}
        allowEmpty={[false, false]}
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
            type: undefined,
            status: undefined,
            customer: undefined,
            orderNo: undefined,
            from: undefined,
            to: undefined,
          })
        }
      >
        {t('adminOrders.filter.reset')}
      </Button>
    </Space>
  );
}
