import type { TrafficPackage } from '@stratus/contract';
import { Button, Descriptions, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DYNAMIC_IP_PATH, TRAFFIC_PACKAGES_PATH } from '../../../shared/paths.ts';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';

interface TrafficResultModalProps {
  result: { orderNo: string; trafficPackage: TrafficPackage } | null;
  onClose: () => void;
}

/** The new package right after paying, with the ways to use it. */
export function TrafficResultModal({ result, onClose }: TrafficResultModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal open={result !== null} width={560} footer={null} onCancel={onClose} destroyOnHidden>
      {result && (
        <Result
          status="success"
          title={t('traffic.buy.successTitle')}
          subTitle={t('traffic.buy.successSubtitle', { orderNo: result.orderNo })}
          extra={[
            <Button
              key="packages"
              type="primary"
              onClick={() => void navigate(TRAFFIC_PACKAGES_PATH)}
            >
              {t('traffic.buy.toPackages')}
            </Button>,
            <Button key="dynamic" onClick={() => void navigate(DYNAMIC_IP_PATH)}>
              {t('traffic.buy.toDynamic')}
            </Button>,
          ]}
        >
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('traffic.buy.packageSize')}>
              {formatBytes(result.trafficPackage.totalBytes)}
            </Descriptions.Item>
            <Descriptions.Item label={withTimeZone(t('traffic.packages.column.expiresAt'))}>
              {formatDateTime(result.trafficPackage.expiresAt)}
            </Descriptions.Item>
          </Descriptions>
        </Result>
      )}
    </Modal>
  );
}
