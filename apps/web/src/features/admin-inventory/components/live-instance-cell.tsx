import { hasPermission, type AdminIp } from '@stratus/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date.ts';
import { ADMIN_CUSTOMER_PATH } from '../../../shared/paths.ts';
import { useMe } from '../../users/public.ts';

/** Whose live instance uses the address and until when; a link for staff who read customers. */
export function LiveInstanceCell({ instance }: { instance: AdminIp['liveInstance'] }) {
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
  return (
    <span title={t('adminInventory.instance.until', { time: formatDateTime(instance.expiresAt) })}>
      {email}
    </span>
  );
}
