import type { ErrorName, Instance } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { daysUntil } from '../expiry.ts';
import { CellTag } from './cell-tag.tsx';
import { HintTooltip } from './hint-tooltip.tsx';

/**
 * The failures the auto-renew job records as `renewalWarning` (the error names in its
 * `warnedFailures`, apps/server/src/jobs/renew-instances.ts), each with what the customer can do.
 */
const renewalWarningTexts = {
  insufficientBalance: 'instances.renewalWarning.insufficientBalance',
  durationNotOffered: 'instances.renewalWarning.durationNotOffered',
  instanceNotRenewable: 'instances.renewalWarning.instanceNotRenewable',
} as const satisfies Partial<Record<ErrorName, string>>;

function renewalWarningText(warning: string) {
  return Object.hasOwn(renewalWarningTexts, warning)
    ? renewalWarningTexts[warning as keyof typeof renewalWarningTexts]
    : 'instances.renewalWarning.unknown';
}

/** Expiry time, with a warning tag in the last week and when an auto-renewal failed. */
export function ExpiryCell({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  const days = daysUntil(instance.expiresAt);
  const soon = instance.status === 'active' && days <= 7;
  return (
    <span>
      <div>{formatDateTime(instance.expiresAt)}</div>
      {soon && (
        <CellTag colour={days <= 3 ? 'red' : 'orange'} data-testid="expiry-tag">
          {days <= 0
            ? t('instances.list.expiresToday')
            : t('instances.list.expiresIn', { count: days })}
        </CellTag>
      )}
      {instance.renewalWarning && (
        <HintTooltip title={t(renewalWarningText(instance.renewalWarning))}>
          <CellTag colour="red">{t('instances.list.renewalWarning')}</CellTag>
        </HintTooltip>
      )}
    </span>
  );
}
