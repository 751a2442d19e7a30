import type { Instance } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { CellTag } from './cell-tag.tsx';
import { HintTooltip } from './hint-tooltip.tsx';

/** The address was quarantined (e.g. blacklisted): it still works and is to be replaced. */
export function ReplacementPendingTag({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  if (!instance.flaggedForReplacement) return null;
  return (
    <HintTooltip title={t('instances.replacementPending.hint')}>
      <CellTag colour="warning" data-testid="replacement-pending">
        {t('instances.replacementPending')}
      </CellTag>
    </HintTooltip>
  );
}
