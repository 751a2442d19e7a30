import { RECONCILIATION_MAX_DAYS } from '@stratus/contract';
import { Card, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DATE_PARAM_FORMAT } from '../../../shared/format/date.ts';
import { useReconciliation, type ReconciliationQuery } from '../api.ts';
import { ReconciliationTable } from '../components/reconciliation-table.tsx';
import styles from './reconciliation-page.module.css';
import { BusinessDatePicker } from '../../../shared/ui/business-date-picker.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Daily reconciliation: the days live in the address; none means the server's last 30 days. */
export default function ReconciliationPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const from = searchParams.get('from');
  const to = searchParams.get('to');
  const query: ReconciliationQuery =
    from && to && DAY.test(from) && DAY.test(to) ? { from, to } : {};
  const reconciliation = useReconciliation(query);
  const shown = reconciliation.data;
  return (
    <Card>
      <Space wrap size={12} className={styles.bar}>
        <BusinessDatePicker.RangePicker
          aria-label={t('adminPayments.reconciliation.range')}
          allowClear={false}
          // The server takes at most 92 days at once.
          disabledDate={(day, { from: first }) =>
            first ? Math.abs(day.diff(first, 'day')) >= RECONCILIATION_MAX_DAYS : false
          }
          value={shown ? [dayjs(shown.from), dayjs(shown.to)] : null}
          onChange={(dates) => {
            const [first, last] = dates ?? [];
            if (!first || !last) return;
            setSearchParams({
              from: first.format(DATE_PARAM_FORMAT),
              to: last.format(DATE_PARAM_FORMAT),
            });
          }}
        />
        <Typography.Text type="secondary">{t('adminPayments.reconciliation.hint')}</Typography.Text>
      </Space>
      <ReconciliationTable data={shown} loading={reconciliation.isFetching} />
    </Card>
  );
}
