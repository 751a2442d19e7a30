import { Popconfirm, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PlanShownSwitchProps {
  shown: boolean;
  /** The plan's name, for the switch's accessible name and the question. */
  planName: string;
  /** What hiding leaves behind: addresses in stock, IPs customers hold. */
  stock: number;
  liveInstances: number;
  loading: boolean;
  onChange: (shown: boolean) => void;
}

/**
 * Shows or hides a static-IP plan in the shop. Hiding a plan with stock or live IPs asks first and
 * says what it does: sales stop, the IPs already sold keep working and can be renewed.
 */
export function PlanShownSwitch({
  shown,
  planName,
  stock,
  liveInstances,
  loading,
  onChange,
}: PlanShownSwitchProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const needsConfirmation = shown && (stock > 0 || liveInstances > 0);
  return (
    <Popconfirm
      open={asking}
      title={t('adminCatalog.plan.hideConfirm', { plan: planName })}
      description={t('adminCatalog.plan.hideHint', { stock, live: liveInstances })}
      okText={t('adminCatalog.plan.hide')}
      cancelText={t('common.cancel')}
      onConfirm={() => {
        setAsking(false);
        onChange(false);
      }}
      onCancel={() => setAsking(false)}
      onOpenChange={(open) => {
        if (!open) setAsking(false);
      }}
    >
      <Switch
        checked={shown}
        aria-label={`${t('adminCatalog.plan.column.shown')} ${planName}`}
        loading={loading}
        onChange={(checked) => {
          if (!checked && needsConfirmation) setAsking(true);
          else onChange(checked);
        }}
      />
    </Popconfirm>
  );
}
