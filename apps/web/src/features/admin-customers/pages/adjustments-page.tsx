import {
  balanceAdjustmentStatuses,
  DEFAULT_PAGE_SIZE,
  hasPermission,
  type BalanceAdjustment,
  type BalanceAdjustmentStatus,
} from '@stratus/contract';
import { Card, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSignedMoney } from '../../../shared/format/money.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useMe } from '../../users/public.ts';
import { useBalanceAdjustments, useDecideAdjustment, type AdjustmentsQuery } from '../api.ts';
import { AdjustmentsTable } from '../components/adjustments-table.tsx';
import { ReasonModal } from '../components/reason-modal.tsx';
import styles from './customers-page.module.css';

type AdjustmentsFilter = AdjustmentsQuery & { page: number; pageSize: number };

/** Every balance adjustment, pending ones first; approvers decide here. */
export default function AdjustmentsPage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const [query, setQuery] = useState<AdjustmentsFilter>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const adjustments = useBalanceAdjustments(query);
  const decide = useDecideAdjustment();
  const [rejecting, setRejecting] = useState<BalanceAdjustment | null>(null);
  const canDecide = me ? hasPermission(me.role, 'balance.approve') : false;
  const filter = (changes: Partial<AdjustmentsFilter>) =>
    setQuery((current) => ({ ...current, page: 1, ...changes }));

  return (
    <Card>
      <Space wrap size={12} className={styles.bar}>
        <Select<BalanceAdjustmentStatus | 'all'>
          className={styles.status}
          aria-label={t('adminCustomers.adjustments.column.status')}
          value={query.status ?? 'all'}
          onChange={(value) => filter({ status: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('adminCustomers.adjustments.allStatuses') },
            ...balanceAdjustmentStatuses.map((status) => ({
              value: status,
              label: t(`adminCustomers.adjustments.status.${status}`),
            })),
          ]}
        />
        <Input.Search
          className={styles.search}
          placeholder={t('adminCustomers.adjustments.customerFilter')}
          aria-label={t('adminCustomers.adjustments.customerFilter')}
          allowClear
          maxLength={100}
          onSearch={(customer) => filter({ customer: customer.trim() || undefined })}
        />
      </Space>
      <AdjustmentsTable
        data={adjustments.data}
        loading={adjustments.isFetching}
        operatorId={me?.id ?? ''}
        canDecide={canDecide}
        deciding={decide.isPending}
        onApprove={(adjustment) =>
          decide.mutate(
            { id: adjustment.id, approve: true },
            { onSuccess: () => showSuccessToast(t('adminCustomers.adjustments.approved')) },
          )
        }
        onReject={setRejecting}
        pagination={{
          page: query.page,
          pageSize: query.pageSize,
          onChange: (page, pageSize) =>
            setQuery((current) =>
              pageSize === current.pageSize
                ? { ...current, page }
                : { ...current, page: 1, pageSize },
            ),
        }}
      />
      <ReasonModal
        open={rejecting !== null}
        title={t('adminCustomers.adjustments.rejectTitle', {
          email: rejecting?.customerEmail ?? '',
          amount: rejecting ? formatSignedMoney(rejecting.amount) : '',
        })}
        hint={rejecting?.reason ?? ''}
        okText={t('adminCustomers.adjustments.reject')}
        reasonRequired={false}
        danger
        loading={decide.isPending}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) => {
          if (!rejecting) return;
          decide.mutate(
            { id: rejecting.id, approve: false, reason },
            {
              onSuccess: () => {
                showSuccessToast(t('adminCustomers.adjustments.rejected'));
                setRejecting(null);
              },
            },
          );
        }}
      />
    </Card>
  );
}
