import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http/api-error.ts';
import { isPasskeyAlreadyOnDevice, isPasskeyPromptCancelled } from '../../../shared/passkeys.ts';
import { RecoveryCodesView } from '../../users/public.ts';
import { useAddPasskey } from '../api.ts';
import { deviceNameOf } from '../default-passkey-name.ts';

interface AddPasskeyModalProps {
  onClose: () => void;
}

/**
 * Names the new passkey (the device's name by default), then the browser's prompt makes it. An
 * account's first factor answers recovery codes: they show here, once, before the dialog closes.
 */
export function AddPasskeyModal({ onClose }: AddPasskeyModalProps) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [form] = Form.useForm<{ name: string }>();
  const [failed, setFailed] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const defaultName = deviceNameOf(navigator.userAgent) ?? t('passkeys.defaultName');

  const submit = async ({ name }: { name: string }) => {
    setFailed(null);
    try {
      const added = await add.mutateAsync(name.trim());
      if (added.recoveryCodes) setRecoveryCodes(added.recoveryCodes);
      else onClose();
    } catch (error) {
      // The person closed the browser's prompt: they know, nothing to say.
      if (isPasskeyPromptCancelled(error)) return;
      if (isPasskeyAlreadyOnDevice(error)) return setFailed(t('passkeys.alreadyOnDevice'));
      setFailed(isApiError(error) ? error.message : t('passkeys.failed'));
    }
  };

  return (
    <Modal
      open
      title={t(recoveryCodes ? 'passkeys.recoveryTitle' : 'passkeys.addTitle')}
      okText={t('passkeys.create')}
      cancelText={t('passkeys.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      footer={recoveryCodes ? null : undefined}
      mask={{ closable: !recoveryCodes }}
      closable={!recoveryCodes}
      destroyOnHidden
      width={480}
    >
      {recoveryCodes ? (
        <RecoveryCodesView codes={recoveryCodes} onSaved={onClose} />
      ) : (
        <>
          <p>{t('passkeys.addExplain')}</p>
          {failed && <Alert type="error" showIcon title={failed} style={{ marginBottom: 16 }} />}
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ name: defaultName }}
            onFinish={(values) => void submit(values)}
          >
            <Form.Item
              name="name"
              label={t('passkeys.name')}
              rules={[{ required: true, whitespace: true, message: t('passkeys.nameRequired') }]}
            >
              <Input autoFocus maxLength={64} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
