import type { Passkey } from '@stratus/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useRenamePasskey } from '../api.ts';

/** A new name for a passkey. */
export function RenamePasskeyModal({
  passkey,
  onClose,
}: {
  passkey: Passkey;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const [form] = Form.useForm<{ name: string }>();
  const submit = ({ name }: { name: string }) =>
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => {
          showSuccessToast(t('passkeys.renamed'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={t('passkeys.renameTitle')}
      okText={t('passkeys.save')}
      cancelText={t('passkeys.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={rename.isPending}
      destroyOnHidden
      width={420}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: passkey.name }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('passkeys.name')}
          rules={[{ required: true, whitespace: true, message: t('passkeys.nameRequired') }]}
        >
          <Input autoFocus maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
