import type { Instance } from '@stratus/contract';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useUpdateInstance } from '../api.ts';

export function AutoRenewSwitch({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  const update = useUpdateInstance();
  return (
    <Switch
      size="small"
      aria-label={t('instances.field.autoRenew')}
      checked={update.isPending ? update.variables.changes.autoRenew : instance.autoRenew}
      loading={update.isPending}
      disabled={instance.status !== 'active'}
      onChange={(autoRenew) =>
        update.mutate(
          { id: instance.id, changes: { autoRenew } },
          {
            onSuccess: () =>
              showSuccessToast(
                t(autoRenew ? 'instances.list.autoRenewOn' : 'instances.list.autoRenewOff'),
              ),
          },
        )
      }
    />
  );
}
