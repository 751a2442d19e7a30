import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/http/api-error.ts';
import { CONSOLE_HOME } from '../../../shared/paths.ts';
import { PortalTopBar } from '../../auth/public.ts';
import { useVerifyEmail } from '../api.ts';
import styles from './verify-email-page.module.css';

/**
 * Where a mailed address link lands (`/portal/verify-email?token=…`): confirms the address, or
 * the change of address, without needing a session (the link may open in another browser), and
 * says what happened or what to do instead.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const verify = useVerifyEmail();
  // A token works once: sent once per token, whatever React renders twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    verify.mutate(token);
  }, [token, verify]);

  const toConsole = (
    <Button type="primary" onClick={() => void navigate(CONSOLE_HOME)}>
      {t('users.verifyPage.toConsole')}
    </Button>
  );

  let body;
  if (!token || verify.isError) {
    body = (
      <Result
        status="warning"
        title={t('users.verifyPage.failed.title')}
        subTitle={
          token && isApiError(verify.error) ? verify.error.message : t('users.verifyPage.missing')
        }
        extra={toConsole}
      />
    );
  } else if (verify.data) {
    const { outcome, email } = verify.data;
    body = (
      <Result
        status="success"
        title={t(`users.verifyPage.${outcome}.title`)}
        subTitle={t(`users.verifyPage.${outcome}.description`, { email })}
        extra={toConsole}
      />
    );
  } else {
    body = (
      <div className={styles.checking}>
        <Spin size="large" />
        <span>{t('users.verifyPage.checking')}</span>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PortalTopBar />
      <main className={styles.content}>
        <Card className={styles.card} data-testid="verify-email-result">
          {body}
        </Card>
      </main>
    </div>
  );
}
