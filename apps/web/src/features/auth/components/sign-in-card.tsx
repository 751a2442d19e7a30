import { Alert, Button, Form, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  newPasswordFields,
  showErrorUnderField,
} from '../../../shared/form/server-field-errors.ts';
import { isApiError } from '../../../shared/http/api-error.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { REDIRECT_PARAM } from '../../../shared/session.ts';
import { useLogin, useRegister } from '../api.ts';
import { safeRedirectTarget } from '../redirect.ts';
import { LoginForm, type LoginValues } from './login-form.tsx';
import { RegisterForm, type RegisterValues } from './register-form.tsx';
import styles from './sign-in-card.module.css';

type Mode = 'login' | 'register';

/** Sign-in and sign-up on the portal; server errors show inline (the calls are silent). */
export function SignInCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('login');
  const isLogin = mode === 'login';
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const register = useRegister();
  const [registerForm] = Form.useForm<RegisterValues>();

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      navigate(safeRedirectTarget(searchParams.get(REDIRECT_PARAM)), { replace: true });
    } catch (caught) {
      // A refused password goes under the password field; everything else above the form.
      if (!isLogin && showErrorUnderField(registerForm, caught, newPasswordFields('password'))) {
        return;
      }
      setError(isApiError(caught) ? caught.message : t('http.error.network'));
    }
  };
  const submitLogin = (values: LoginValues) => void run(() => login.mutateAsync(values));
  const submitRegister = ({ email, name, password }: RegisterValues) =>
    void run(() =>
      register.mutateAsync({
        email,
        password,
        name: name?.trim() || undefined,
        language: currentLanguage(),
      }),
    );
  const switchTo = (next: Mode) => {
    setError(null);
    setMode(next);
  };

  const alert = error && (
    <Alert type="error" showIcon title={error} className={styles.alert} role="alert" />
  );

  return (
    <section className={styles.card} aria-labelledby="sign-in-title">
      <Typography.Title level={2} id="sign-in-title" className={styles.title}>
        {isLogin ? t('auth.login.title') : t('auth.register.title')}
      </Typography.Title>
      <Typography.Text type="secondary">
        {isLogin ? t('auth.login.subtitle') : t('auth.register.subtitle')}
      </Typography.Text>
      {isLogin ? (
        <Tabs
          className={styles.tabs}
          items={[
            {
              key: 'account',
              label: t('auth.tab.account'),
              children: (
                <>
                  {alert}
                  <LoginForm pending={login.isPending} onSubmit={submitLogin} />
                </>
              ),
            },
          ]}
        />
      ) : (
        <div className={styles.registerBody}>
          {alert}
          <RegisterForm
            form={registerForm}
            pending={register.isPending}
            onSubmit={submitRegister}
          />
        </div>
      )}
      <div className={styles.switch}>
        <Typography.Text type="secondary">
          {isLogin ? t('auth.switch.noAccount') : t('auth.switch.haveAccount')}
        </Typography.Text>
        <Button type="link" onClick={() => switchTo(isLogin ? 'register' : 'login')}>
          {isLogin ? t('auth.switch.toRegister') : t('auth.switch.toLogin')}
        </Button>
      </div>
    </section>
  );
}
