import type { Instance } from '@stratus/contract';
import { Button, Modal, Result, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IP_LIST_PATH } from '../../../shared/paths.ts';
import { CopyableCode } from './copyable-code.tsx';

interface PurchaseResultModalProps {
  result: { orderNo: string; instances: Instance[] } | null;
  onClose: () => void;
}

/** The new IPs with their credentials, right after paying. */
export function PurchaseResultModal({ result, onClose }: PurchaseResultModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns: TableColumnsType<Instance> = [
    {
      key: 'address',
      title: t('instances.field.address'),
      render: (_, instance) => <CopyableCode text={`${instance.ip}:${instance.port}`} />,
    },
    {
      key: 'username',
      title: t('instances.field.username'),
      render: (_, instance) => <CopyableCode text={instance.username} />,
    },
    {
      key: 'password',
      title: t('instances.field.password'),
      render: (_, instance) => <CopyableCode text={instance.password} />,
    },
  ];
  return (
    <Modal open={result !== null} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      {result && (
        <Result
          status="success"
          title={t('instances.buy.successTitle')}
          subTitle={t('instances.buy.successSubtitle', { orderNo: result.orderNo })}
          extra={[
            <Button key="list" type="primary" onClick={() => void navigate(IP_LIST_PATH)}>
              {t('instances.buy.toList')}
            </Button>,
            <Button key="more" onClick={onClose}>
              {t('instances.buy.continue')}
            </Button>,
          ]}
        >
          <Table<Instance>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={result.instances}
            pagination={false}
          />
        </Result>
      )}
    </Modal>
  );
}
