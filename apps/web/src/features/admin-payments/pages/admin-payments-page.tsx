import { hasPermission, type AdminPayment } from '@stratus/contract';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { useMe } from '../../users/public.ts';
import { useAdminPayments } from '../api.ts';
import { MarkPaidModal } from '../components/mark-paid-modal.tsx';
import { PaymentDetailDrawer } from '../components/payment-detail-drawer.tsx';
import { PaymentTable } from '../components/payment-table.tsx';
import { paymentFilterFields, paymentFilters } from '../payment-filters.ts';

/** Every payment with its provider's notifications; finance syncs or marks unpaid ones paid. */
export default function AdminPaymentsPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(paymentFilters);
  const payments = useAdminPayments(query);
  const role = useMe().data?.role;
  const canManage = role !== undefined && hasPermission(role, 'payments.manage');
  const [detailId, setDetailId] = useState<string | null>(null);
  const [markingPaid, setMarkingPaid] = useState<AdminPayment | null>(null);
  return (
    <Card>
      <FilterBar
        fields={paymentFilterFields(t)}
        values={filters}
        onChange={update}
        reset={{ label: t('adminPayments.filter.reset') }}
      />
      <PaymentTable
        data={payments.data}
        loading={payments.isFetching}
        page={filters.page}
        pageSize={filters.pageSize}
        onPageChange={changePage}
        onDetail={(payment) => setDetailId(payment.id)}
      />
      <PaymentDetailDrawer
        paymentId={detailId}
        canManage={canManage}
        onMarkPaid={setMarkingPaid}
        onClose={() => setDetailId(null)}
      />
      <MarkPaidModal payment={markingPaid} onClose={() => setMarkingPaid(null)} />
    </Card>
  );
}
