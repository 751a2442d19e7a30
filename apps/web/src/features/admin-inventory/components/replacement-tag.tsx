import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** A quarantined address a live instance still uses: its customer is to get another one. */
export function ReplacementTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('adminInventory.flagged.hint')}>
      <Tag color="warning">{t('adminInventory.flagged')}</Tag>
    </Tooltip>
  );
}
