import { ReloadOutlined } from '@ant-design/icons';
import type { StaffRole } from '@stratus/contract';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';

interface SignedInLineProps {
  email: string;
  role: StaffRole;
  /** When the figures were taken; undefined before the first answer. */
  generatedAt: string | undefined;
  refreshing: boolean;
  /** Undefined when there is nothing to refresh (a role without the dashboard). */
  onRefresh: (() => void) | undefined;
}

/** Who is signed in and as what, when the figures were taken, and a button to take them again. */
export function SignedInLine({
  email,
  role,
  generatedAt,
  refreshing,
  onRefresh,
}: SignedInLineProps) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="space-between" wrap gap={8}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text>{t('adminDashboard.signedInAs', { email })}</Typography.Text>
        <Tag color="gold">{t(`users.role.${role}`)}</Tag>
      </Flex>
      <Flex align="center" gap={8}>
        {generatedAt && (
          <Typography.Text type="secondary">
            {t('adminDashboard.asOf', { time: formatDateTime(generatedAt) })}
          </Typography.Text>
        )}
        {onRefresh && (
          <Button size="small" icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
            {t('adminDashboard.refresh')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
