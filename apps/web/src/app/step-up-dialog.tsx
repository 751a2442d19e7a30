import { errors } from '@stratus/contract';
import { Alert, Button, Form, Input, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { showErrorUnderField } from '../shared/form/server-field-errors.ts';
import { isApiError } from '../shared/http/api-error.ts';
import { isPasskeyPromptCancelled, passkeysSupported } from '../shared/passkeys.ts';
import type { StepUpActions } from '../shared/http/step-up-actions.ts';
import { AntdConfig } from './providers.tsx';

/** Above Ant Design's stacked overlays (a dialog in a drawer counts up from 1000). */
const STEP_UP_Z_INDEX = 2000;

/**
 * What the modal asks for: a code where the account has the app, a passkey (or a recovery code)
 * where it has passkeys alone, else the password.
 */
type Factor = 'code' | 'passkey' | 'password';

const notes = {
  code: 'http.stepUp.codeNote',
  passkey: 'http.stepUp.passkeyNote',
  password: 'http.stepUp.passwordNote',
} as const;

interface StepUpDialogProps {
  actions: StepUpActions;
  /** True once the session has stepped up, false when the person cancels. */
  onDone: (proved: boolean) => void;
}

/**
 * Asks for a current code, a passkey or a recovery code (or, without a factor, the password)
 * before an action that moves money or changes access, and steps the session up. Wrong answers
 * stay under the field; the modal closes only on success or cancel.
 */
export function StepUpDialog({ actions, onDone }: StepUpDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code?: string; password?: string }>();
  const [factor, setFactor] = useState<Factor | null>(null);
  const [hasPasskey, setHasPasskey] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [provingPasskey, setProvingPasskey] = useState(false);

  useEffect(() => {
    let current = true;
    actions.factors().then(
      (factors) => {
        if (!current) return;
        setHasPasskey(factors.includes('passkey'));
        setFactor(
          factors.includes('totp') ? 'code' : factors.includes('passkey') ? 'passkey' : 'password',
        );
      },
      (error: unknown) =>
        current && setFailed(isApiError(error) ? error.message : t('http.error.network')),
    );
    return () => {
      current = false;
    };
  }, [actions, t]);

  const proveWithPasskey = async () => {
    setFailed(null);
    setProvingPasskey(true);
    try {
      await actions.stepUpWithPasskey();
      onDone(true);
    } catch (error) {
      // The person closed the browser's prompt: they may choose again.
      if (isPasskeyPromptCancelled(error)) return;
      setFailed(isApiError(error) ? error.message : t('http.stepUp.passkeyFailed'));
    } finally {
      setProvingPasskey(false);
    }
  };

  const submit = async (values: { code?: string; password?: string }) => {
    setSubmitting(true);
    try {
      await actions.stepUp(
        factor === 'password'
          ? { password: values.password ?? '' }
          : { code: (values.code ?? '').trim() },
      );
      onDone(true);
    } catch (error) {
      // Two-step verification was switched on meanwhile (another tab): ask for a code instead.
      if (isApiError(error) && error.code === errors.stepUpCodeRequired.code) {
        setFactor('code');
        return;
      }
      const placed = showErrorUnderField(form, error, {
        secondFactorIncorrect: 'code',
        tooManySecondFactorAttempts: 'code',
        twoStepNotEnabled: 'code',
        currentPasswordIncorrect: 'password',
        tooManySignInAttempts: 'password',
        stepUpPasskeyRequired: 'code',
        validationFailed: factor === 'password' ? 'password' : 'code',
      });
      if (!placed) setFailed(error instanceof Error ? error.message : t('http.error.network'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open
      title={t('http.stepUp.title')}
      okText={t('http.stepUp.confirm')}
      cancelText={t('http.stepUp.cancel')}
      okButtonProps={{ disabled: factor === null }}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={() => onDone(false)}
      destroyOnHidden
      width={420}
      // Its own root knows nothing of the drawer and dialog that asked: above any stack of them.
      zIndex={STEP_UP_Z_INDEX}
    >
      <p>{t(notes[factor ?? 'code'])}</p>
      {failed && <Alert type="error" showIcon title={failed} style={{ marginBottom: 16 }} />}
      {factor === null && !failed && (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 16 }}>
          <Spin />
        </div>
      )}
      {hasPasskey && passkeysSupported() && (
        <Button
          block
          size="large"
          loading={provingPasskey}
          onClick={() => void proveWithPasskey()}
          style={{ marginBottom: 16 }}
        >
          {t('http.stepUp.usePasskey')}
        </Button>
      )}
      {factor && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
        >
          {factor !== 'password' ? (
            <Form.Item
              key="code"
              name="code"
              label={t(factor === 'code' ? 'http.stepUp.codeLabel' : 'http.stepUp.recoveryLabel')}
              rules={[{ required: true, whitespace: true, message: t('http.stepUp.codeRequired') }]}
            >
              <Input
                autoFocus={factor === 'code'}
                autoComplete="one-time-code"
                maxLength={32}
                placeholder={factor === 'code' ? '123456' : 'abcde-12345'}
              />
            </Form.Item>
          ) : (
            <Form.Item
              key="password"
              name="password"
              label={t('http.stepUp.passwordLabel')}
              rules={[{ required: true, message: t('http.stepUp.passwordRequired') }]}
            >
              <Input.Password autoFocus autoComplete="current-password" maxLength={1024} />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}

/**
 * Mounts the step-up modal in a React root of its own (as the toasts' holder: it serves every
 * page of both consoles) and answers whether the session stepped up; the modal leaves the page
 * either way.
 */
export function askForStepUp(actions: StepUpActions): Promise<boolean> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  return new Promise((resolve) => {
    const onDone = (proved: boolean) => {
      resolve(proved);
      // After the click's own rendering: unmounting inside it would warn.
      queueMicrotask(() => {
        root.unmount();
        container.remove();
      });
    };
    root.render(
      <AntdConfig>
        <StepUpDialog actions={actions} onDone={onDone} />
      </AntdConfig>,
    );
  });
}
