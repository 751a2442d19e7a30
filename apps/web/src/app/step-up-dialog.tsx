import { errors } from '@stratus/contract';
import { Alert, Form, Input, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { showErrorUnderField } from '../shared/form/server-field-errors.ts';
import { isApiError } from '../shared/http/api-error.ts';
import type { StepUpActions } from '../shared/http/step-up-actions.ts';
import { AntdConfig } from './providers.tsx';

/** Above Ant Design's stacked overlays (a dialog in a drawer counts up from 1000). */
const STEP_UP_Z_INDEX = 2000;

/** What the modal asks for: a code where the account has two-step verification, else the password. */
type Factor = 'code' | 'password';

interface StepUpDialogProps {
  actions: StepUpActions;
  /** True once the session has stepped up, false when the person cancels. */
  onDone: (proved: boolean) => void;
}

/**
 * Asks for a current code or a recovery code (or, without two-step verification, the password)
 * before an action that moves money or changes access, and steps the session up. Wrong answers
 * stay under the field; the modal closes only on success or cancel.
 */
export function StepUpDialog({ actions, onDone }: StepUpDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code?: string; password?: string }>();
  const [factor, setFactor] = useState<Factor | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let current = true;
    actions.twoStepEnabled().then(
      (enabled) => current && setFactor(enabled ? 'code' : 'password'),
      (error: unknown) =>
        current && setFailed(isApiError(error) ? error.message : t('http.error.network')),
    );
    return () => {
      current = false;
    };
  }, [actions, t]);

  const submit = async (values: { code?: string; password?: string }) => {
    setSubmitting(true);
    try {
      await actions.stepUp(
        factor === 'code'
          ? { code: (values.code ?? '').trim() }
          : { password: values.password ?? '' },
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
        validationFailed: factor ?? 'code',
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
      <p>{t(factor === 'password' ? 'http.stepUp.passwordNote' : 'http.stepUp.codeNote')}</p>
      {failed && <Alert type="error" showIcon title={failed} style={{ marginBottom: 16 }} />}
      {factor === null && !failed && (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 16 }}>
          <Spin />
        </div>
      )}
      {factor && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
        >
          {factor === 'code' ? (
            <Form.Item
              key="code"
              name="code"
              label={t('http.stepUp.codeLabel')}
              rules={[{ required: true, whitespace: true, message: t('http.stepUp.codeRequired') }]}
            >
              <Input autoFocus autoComplete="one-time-code" maxLength={32} placeholder="123456" />
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
