import { ReloadOutlined } from '@ant-design/icons';
import type { DynamicAccount } from '@stratus/contract';
import { Alert, Button, Card, Descriptions, Popconfirm, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUY_TRAFFIC_PATH } from '../../../shared/paths.ts';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { CopyableCode, PasswordCell } from '../../instances/public.ts';

interface DynamicAccountCardProps {
  account: DynamicAccount | undefined;
  resetting: boolean;
  onResetPassword: () => void;
}

/** The dynamic-proxy credentials and entry point, and the traffic they can still use. */
export function DynamicAccountCard({
  account,
  resetting,
  onResetPassword,
}: DynamicAccountCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('dynamic.account.title')}
      extra={
        <Popconfirm
          title={t('dynamic.account.resetConfirm')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={onResetPassword}
        >
          <Button icon={<ReloadOutlined />} loading={resetting} disabled={!account}>
            {t('dynamic.account.resetPassword')}
          </Button>
        </Popconfirm>
      }
    >
      {!account ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label={t('dynamic.account.name')}>
              <CopyableCode text={account.account} label={t('dynamic.account.copyName')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('dynamic.account.password')}>
              <PasswordCell password={account.password} />
            </Descriptions.Item>
            <Descriptions.Item label={t('dynamic.account.entry')}>
              <CopyableCode text={`${account.host}:${account.port}`} />
            </Descriptions.Item>
            <Descriptions.Item label={t('dynamic.account.remaining')}>
              <span data-testid="dynamic-remaining">{formatBytes(account.remainingBytes)}</span>
            </Descriptions.Item>
          </Descriptions>
          {account.remainingBytes <= 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('dynamic.account.noTraffic')}
              action={<Link to={BUY_TRAFFIC_PATH}>{t('dynamic.account.buyTraffic')}</Link>}
            />
          )}
        </>
      )}
    </Card>
  );
}
