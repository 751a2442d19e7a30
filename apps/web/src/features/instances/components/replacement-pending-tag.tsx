import type { Instance } from '@stratus/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The address was quarantined (e.g. blacklisted): it still works and is to be replaced. */
export function ReplacementPendingTag({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  if (!instance.flaggedForReplacement) return null;
  return (
    <Tooltip title={t('instances.replacementPending.hint')}>
      <Tag color="warning" data-testid="replacement-pending">
        {t('instances.replacementPending')}
      </Tag>
    </Tooltip>
  );
}
