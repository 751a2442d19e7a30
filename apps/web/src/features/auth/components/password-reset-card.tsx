import { errors, PASSWORD_RESET_VALID_MINUTES } from '@stratus/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/http/api-error.ts';
import { PORTAL_HOME, PORTAL_RESET } from '../../../shared/paths.ts';
import { leaveSignInNotice } from '../../../shared/sign-in-notice.ts';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api.ts';
import { useProofOfWork } from '../use-proof-of-work.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { NewPasswordForm, type NewPasswordFormHandle } from './new-password-form.tsx';
import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from './portal-icons.tsx';
import card from './sign-in-card.module.css';
import styles from './password-reset-card.module.css';

type Step = 'ask' | 'sent' | 'choose' | 'invalid';

/** The reset page's card: ask for a link, the link sent, choose a new password, or a dead link. */
export function PasswordResetCard({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(token ? 'choose' : 'ask');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ask = useRequestPasswordReset();
  const confirm = useConfirmPasswordReset();
  const passwordForm = useRef<NewPasswordFormHandle>(null);
  // After repeated asks from this address the server asks for a proof of work first.
  const proofOfWork = useProofOfWork();
  const minutes = PASSWORD_RESET_VALID_MINUTES;

  const submitEmail = async (address: string, proof: string | undefined) => {
    setError(null);
    try {
      await ask.mutateAsync({ email: address, proofOfWork: proof });
      setEmail(address);
      setStep('sent');
    } catch (caught) {
      // The widget takes over: the ask goes again by itself once it has solved its challenge.
      if (proofOfWork.takeRefusal(caught)) return;
      setError(isApiError(caught) ? caught.message : t('http.error.network'));
    }
  };
  const submitPassword = async (password: string) => {
    setError(null);
    try {
      await confirm.mutateAsync({ token: token ?? '', password });
      leaveSignInNotice('passwordChanged');
      navigate(PORTAL_HOME, { replace: true });
    } catch (caught) {
      if (passwordForm.current?.showRefusal(caught)) return;
      // A malformed token (a link cut short) is as useless as an expired one.
      if (
        isApiError(caught) &&
        (caught.code === errors.passwordResetLinkInvalid.code ||
          caught.code === errors.validationFailed.code)
      ) {
        setStep('invalid');
        return;
      }
      setError(isApiError(caught) ? caught.message : t('http.error.network'));
    }
  };

  const alert = error && (
    <div className={card.alert} role="alert">
      <CloseCircleFilled className={card.alertIcon} />
      {error}
    </div>
  );
  const heading = {
    ask: t('auth.reset.ask.title'),
    sent: t('auth.reset.sent.title'),
    choose: t('auth.reset.choose.title'),
    invalid: t('auth.reset.invalid.title'),
  }[step];

  let body;
  if (step === 'ask') {
    body = (
      <>
        <span className={card.subtitle}>{t('auth.reset.ask.subtitle')}</span>
        <div className={styles.form}>
          {alert}
          <ForgotPasswordForm
            pending={ask.isPending}
            onSubmit={(address) => proofOfWork.submit((proof) => void submitEmail(address, proof))}
            proofOfWork={proofOfWork.widget}
          />
        </div>
      </>
    );
  } else if (step === 'sent') {
    body = (
      <div className={styles.message} role="status">
        <CheckCircleFilled className={styles.sentIcon} />
        <p>{t('auth.reset.sent.body', { email, minutes })}</p>
        <button
          type="button"
          className={`${card.switchButton} ${TOUCH_TARGET}`}
          onClick={() => setStep('ask')}
        >
          {t('auth.reset.sent.again')}
        </button>
      </div>
    );
  } else if (step === 'choose') {
    body = (
      <>
        <span className={card.subtitle}>{t('auth.reset.choose.subtitle')}</span>
        <div className={styles.form}>
          {alert}
          <NewPasswordForm
            ref={passwordForm}
            pending={confirm.isPending}
            onSubmit={(password) => void submitPassword(password)}
          />
        </div>
      </>
    );
  } else {
    body = (
      <div className={styles.message} role="alert">
        <InfoCircleFilled className={styles.invalidIcon} />
        <p>{t('auth.reset.invalid.body', { minutes })}</p>
        <Link to={PORTAL_RESET} className={`${styles.primaryLink} ${TOUCH_TARGET}`}>
          {t('auth.reset.invalid.again')}
        </Link>
      </div>
    );
  }

  return (
    <section className={card.card} aria-labelledby="password-reset-title">
      <h1 id="password-reset-title" className={card.title}>
        {heading}
      </h1>
      {body}
      <div className={card.switch}>
        <Link to={PORTAL_HOME} className={`${card.switchButton} ${TOUCH_TARGET}`}>
          {t('auth.reset.backToLogin')}
        </Link>
      </div>
    </section>
  );
}
