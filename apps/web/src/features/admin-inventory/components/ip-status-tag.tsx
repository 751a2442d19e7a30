import type { IpAddressStatus } from '@stratus/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<IpAddressStatus, string> = {
  available: 'success',
  allocated: 'processing',
  cooling: 'gold',
  quarantined: 'error',
  retired: 'default',
};

/** An address's state; the operator's reason of a quarantine or retirement on hover. */
export function IpStatusTag({
  status,
  reason = null,
}: {
  status: IpAddressStatus;
  reason?: string | null;
}) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={colors[status]} data-status={status}>
      {t(`adminInventory.status.${status}`)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
