import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface ReasonModalProps {
  open: boolean;
  title: string;
  /** What the action does, shown above the field. */
  hint: string;
  okText: string;
  /** A reason must be given (disabling); otherwise it is optional. */
  reasonRequired: boolean;
  danger?: boolean;
  loading: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** Confirms an action on a customer, with the reason the audit log records. */
export function ReasonModal({
  open,
  title,
  hint,
  okText,
  reasonRequired,
  danger = false,
  loading,
  onSubmit,
  onClose,
}: ReasonModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger }}
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type={danger ? 'warning' : 'info'} showIcon title={hint} />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ reason }) => onSubmit(reason?.trim() ?? '')}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="reason"
          label={t(
            reasonRequired ? 'adminCustomers.reason.label' : 'adminCustomers.reason.optionalLabel',
          )}
          rules={
            reasonRequired
              ? [{ required: true, whitespace: true, message: t('adminCustomers.reason.required') }]
              : []
          }
        >
          <Input maxLength={200} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
