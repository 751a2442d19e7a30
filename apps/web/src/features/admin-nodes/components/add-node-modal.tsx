import type { NodeKeyIssued } from '@stratus/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateNode } from '../api.ts';
import { NodeKeyResult } from './node-key-result.tsx';

interface AddNodeModalProps {
  open: boolean;
  onClose: () => void;
}

interface AddNodeForm {
  name: string;
  host: string;
}

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * 添加节点: a name and the node's address. The answer's key is shown here once, with the command
 * that starts the gateway on the node; closing the modal drops it.
 */
export function AddNodeModal({ open, onClose }: AddNodeModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddNodeForm>();
  const createNode = useCreateNode();
  const [issued, setIssued] = useState<NodeKeyIssued | null>(null);

  const close = () => {
    if (!issued) form.resetFields();
    setIssued(null);
    createNode.reset();
    onClose();
  };
  const submit = (values: AddNodeForm) =>
    createNode.mutate(
      { name: values.name.trim(), host: values.host.trim() },
      {
        onSuccess: (answer) => {
          form.resetFields();
          setIssued(answer);
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('adminNodes.add')}
      onCancel={close}
      destroyOnHidden
      width={issued ? 760 : 520}
      maskClosable={!issued}
      footer={
        issued ? (
          <Button type="primary" onClick={close}>
            {t('adminNodes.form.done')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="primary" loading={createNode.isPending} onClick={() => form.submit()}>
              {t('adminNodes.form.submit')}
            </Button>
          </>
        )
      }
    >
      {issued ? (
        <NodeKeyResult issued={issued} kind="added" />
      ) : (
        <Form<AddNodeForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="name"
            label={t('adminNodes.form.name')}
            extra={t('adminNodes.form.nameHint')}
            rules={[
              { required: true, whitespace: true, message: t('adminNodes.form.nameHint') },
              { max: 64, pattern: NAME_PATTERN, message: t('adminNodes.form.nameHint') },
            ]}
          >
            <Input autoComplete="off" placeholder={t('adminNodes.form.namePlaceholder')} />
          </Form.Item>
          <Form.Item
            name="host"
            label={t('adminNodes.form.host')}
            rules={[
              { required: true, whitespace: true, message: t('adminNodes.form.hostPlaceholder') },
            ]}
          >
            <Input autoComplete="off" placeholder={t('adminNodes.form.hostPlaceholder')} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
