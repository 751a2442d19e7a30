import type { Instance } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useUpdateInstance } from '../api.ts';
import styles from './cells.module.css';

/** The row's auto-renewal as a small switch (a plain `role="switch"` button, Ant Design's look). */
export function AutoRenewSwitch({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  const update = useUpdateInstance();
  const checked = update.isPending ? update.variables.changes.autoRenew : instance.autoRenew;
  const toggle = () => {
    if (update.isPending) return;
    const autoRenew = !checked;
    update.mutate(
      { id: instance.id, changes: { autoRenew } },
      {
        onSuccess: () =>
          showSuccessToast(
            t(autoRenew ? 'instances.list.autoRenewOn' : 'instances.list.autoRenewOff'),
          ),
      },
    );
  };
  return (
    <button
      type="button"
      role="switch"
      className={`${styles.switch} ${TOUCH_TARGET}`}
      aria-label={t('instances.field.autoRenew')}
      aria-checked={checked ?? false}
      aria-busy={update.isPending}
      disabled={instance.status !== 'active'}
      onClick={toggle}
    >
      <span className={styles.handle} />
    </button>
  );
}
