import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface DeletePlanButtonProps {
  /** The plan's name, for the button's accessible name and the question. */
  planName: string;
  /** Why the plan cannot go (live instances or packages); the button is disabled with this tip. */
  blockedReason: string | null;
  /** Extra words under the question. */
  hint?: string;
  loading: boolean;
  onConfirm: () => Promise<unknown>;
}

/** Deletes a plan after a confirmation; a plan still in use shows why it cannot go instead. */
export function DeletePlanButton({
  planName,
  blockedReason,
  hint,
  loading,
  onConfirm,
}: DeletePlanButtonProps) {
  const { t } = useTranslation();
  const button = (
    <Button
      type="link"
      size="small"
      danger
      disabled={blockedReason !== null}
      loading={loading}
      aria-label={`${t('adminCatalog.delete')} ${planName}`}
    >
      {t('adminCatalog.delete')}
    </Button>
  );
  if (blockedReason !== null) {
    // A disabled button fires no pointer events: the tooltip listens on a wrapper.
    return (
      <Tooltip title={blockedReason}>
        <span data-testid="delete-blocked">{button}</span>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={t('adminCatalog.plan.deleteConfirm', { plan: planName })}
      description={hint}
      okText={t('adminCatalog.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      {button}
    </Popconfirm>
  );
}
