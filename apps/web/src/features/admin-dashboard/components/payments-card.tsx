import type { Dashboard } from '@stratus/contract';
import { Card, Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money.ts';
import { ADMIN_PAYMENTS_PATH, ADMIN_RECONCILIATION_PATH } from '../../../shared/paths.ts';
import styles from './dashboard.module.css';

/** The payment list filtered to pending ones (see admin-payments/payment-filters.ts). */
export const PENDING_PAYMENTS_LINK = `${ADMIN_PAYMENTS_PATH}?status=pending`;

interface PaymentsCardProps {
  payments: Dashboard['payments'];
  /** Yuan pending, for roles that see money; null otherwise. */
  pendingAmount: number | null;
  /** Whether the viewer may open the payment and reconciliation pages. */
  canOpenPayments: boolean;
}

/** Pending payments and the days whose reconciliation disagrees, linking to where to act. */
export function PaymentsCard({ payments, pendingAmount, canOpenPayments }: PaymentsCardProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mismatched = payments.mismatchedDays.length;
  return (
    <Card title={t('adminDashboard.payments.title')} size="small" data-testid="payments-card">
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title={t('adminDashboard.payments.pending')} value={payments.pending} />
          {pendingAmount !== null && (
            <span className={styles.detail}>
              {t('adminDashboard.payments.pendingAmount', { amount: formatMoney(pendingAmount) })}
            </span>
          )}
          {canOpenPayments && (
            <Link to={PENDING_PAYMENTS_LINK}>{t('adminDashboard.payments.viewPending')}</Link>
          )}
        </Col>
        <Col span={12}>
          <Statistic
            title={t('adminDashboard.payments.mismatched')}
            value={t('adminDashboard.payments.days', { count: mismatched })}
            styles={{ content: mismatched > 0 ? { color: token.colorError } : undefined }}
          />
          {canOpenPayments && (
            <Link to={ADMIN_RECONCILIATION_PATH}>
              {t('adminDashboard.payments.viewReconciliation')}
            </Link>
          )}
        </Col>
      </Row>
    </Card>
  );
}
