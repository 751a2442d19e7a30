import { MAX_SUB_USER_CAP_GB, type SubUser } from '@stratus/contract';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useCreateSubUser, useUpdateSubUser } from '../api.ts';

interface SubUserForm {
  name: string;
  /** Empty: no cap. */
  capGb?: number | null;
}

/** Creates a sub-user (`subUser` null) or edits one; open while `open`. */
export function SubUserModal({
  open,
  subUser,
  onClose,
}: {
  open: boolean;
  subUser: SubUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SubUserForm>();
  const create = useCreateSubUser();
  const update = useUpdateSubUser();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: subUser?.name ?? '', capGb: subUser?.capGb ?? null });
  }, [open, subUser, form]);

  const save = (values: SubUserForm) => {
    const capGb = values.capGb ?? null;
    const done = () => {
      showSuccessToast(t(subUser ? 'access.subUsers.saved' : 'access.subUsers.created'));
      onClose();
    };
    if (subUser) {
      update.mutate({ id: subUser.id, changes: { name: values.name, capGb } }, { onSuccess: done });
    } else {
      create.mutate({ name: values.name, capGb }, { onSuccess: done });
    }
  };

  return (
    <Modal
      open={open}
      title={t(subUser ? 'access.subUsers.edit' : 'access.subUsers.create')}
      okText={t('access.save')}
      cancelText={t('access.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<SubUserForm> form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="name"
          label={t('access.subUsers.name')}
          rules={[
            { required: true, whitespace: true, message: t('access.subUsers.nameRequired') },
            { max: 40, message: t('access.subUsers.nameTooLong') },
          ]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="capGb"
          label={t('access.subUsers.capGb')}
          extra={t('access.subUsers.capHint')}
        >
          <InputNumber
            min={0.01}
            max={MAX_SUB_USER_CAP_GB}
            precision={2}
            step={1}
            suffix="GB"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
