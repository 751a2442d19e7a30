import { hasPermission, type AdminIp } from '@stratus/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date.ts';
import { ADMIN_CUSTOMER_PATH } from '../../../shared/paths.ts';
import { useMe } from '../../users/public.ts';
import styles from './ip-table.module.css';

/** Whose live instance uses the address and until when; a link for staff who read customers. */
export function LiveInstanceCell({
  instance,
  detailed = false,
}: {
  instance: AdminIp['liveInstance'];
  /** Shows the expiry on a second line (else on hover). */
  detailed?: boolean;
}) {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  if (!instance)
    return <Typography.Text type="secondary">{t('adminInventory.noInstance')}</Typography.Text>;
  const email =
    role !== undefined && hasPermission(role, 'customers.read') ? (
      <Link to={generatePath(ADMIN_CUSTOMER_PATH, { id: instance.customerId })}>
        {instance.customerEmail}
      </Link>
    ) : (
      instance.customerEmail
    );
  const until = t('adminInventory.instance.until', { time: formatDateTime(instance.expiresAt) });
  if (!detailed) return <span title={until}>{email}</span>;
  return (
    <div className={styles.stack}>
      <Typography.Text ellipsis={{ tooltip: instance.customerEmail }}>{email}</Typography.Text>
      <span className={`${styles.secondary} ${styles.number}`}>{until}</span>
    </div>
  );
}
