import type { Instance } from '@stratus/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useUpdateInstance } from '../api.ts';

/** The remark, edited in place; saved on Enter or blur. */
export function RemarkCell({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  const update = useUpdateInstance();
  const save = (value: string) => {
    const remark = value.trim();
    if (remark === instance.remark) return;
    update.mutate(
      { id: instance.id, changes: { remark } },
      { onSuccess: () => showSuccessToast(t('instances.list.remarkSaved')) },
    );
  };
  return (
    <Typography.Text
      editable={{
        onChange: save,
        maxLength: 200,
        tooltip: t('instances.list.editRemark'),
        text: instance.remark,
      }}
    >
      {instance.remark || '--'}
    </Typography.Text>
  );
}
