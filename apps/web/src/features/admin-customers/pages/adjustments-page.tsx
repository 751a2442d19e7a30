import { DEFAULT_PAGE_SIZE, hasPermission, type BalanceAdjustment } from '@stratus/contract';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSignedMoney } from '../../../shared/format/money.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useMe } from '../../users/public.ts';
import { adjustmentFilterFields } from '../adjustment-filters.ts';
import { useBalanceAdjustments, useDecideAdjustment, type AdjustmentsQuery } from '../api.ts';
import { AdjustmentsTable } from '../components/adjustments-table.tsx';
import { ReasonModal } from '../components/reason-modal.tsx';

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
      <FilterBar
        fields={adjustmentFilterFields(t)}
        values={{ status: query.status, customer: query.customer }}
        onChange={filter}
      />
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
