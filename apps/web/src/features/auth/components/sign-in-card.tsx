import type { AccountFactor, LoginAnswer } from '@stratus/contract';
import { CloseCircleFilled, InfoCircleFilled } from './portal-icons.tsx';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/http/api-error.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { isPasskeyPromptCancelled, passkeysSupported } from '../../../shared/passkeys.ts';
import { REDIRECT_PARAM } from '../../../shared/session.ts';
import { forgetSignInNotice, peekSignInNotice } from '../../../shared/sign-in-notice.ts';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useLogin, useLoginSecondFactor, usePasskeyLogin, useRegister } from '../api.ts';
import { safeRedirectTarget } from '../redirect.ts';
import { useProofOfWork } from '../use-proof-of-work.tsx';
import { LoginForm, type LoginValues } from './login-form.tsx';
import { PasskeyButton } from './passkey-button.tsx';
import { SecondFactorForm, type SecondFactorValues } from './second-factor-form.tsx';
import type { RegisterFormHandle, RegisterValues } from './register-form.tsx';
import styles from './sign-in-card.module.css';

type Mode = 'login' | 'register';

/** `signInChallengeInvalid`'s code (errors.ts), without the contract's schemas on this screen. */
const SIGN_IN_CHALLENGE_INVALID = 20302;

// Fetched when a person chooses to sign up: it brings the contract's password rules with it.
const RegisterForm = lazy(() => import('./register-form.tsx'));

/** Sign-in and sign-up on the portal; server errors show inline (the calls are silent). */
export function SignInCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('login');
  const isLogin = mode === 'login';
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const finishLogin = useLoginSecondFactor();
  const register = useRegister();
  const passkeyLogin = usePasskeyLogin();
  // Set while the password was right and the account's second factor is awaited.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [factors, setFactors] = useState<readonly AccountFactor[]>([]);
  const registerForm = useRef<RegisterFormHandle>(null);
  // After repeated attempts the server asks for a proof of work before it checks anything.
  const proofOfWork = useProofOfWork();
  // Why sign-in stands where the person was going: shown on this visit, forgotten for the next.
  const [notice] = useState(peekSignInNotice);
  useEffect(forgetSignInNotice, []);

  const run = async (action: () => Promise<LoginAnswer>) => {
    setError(null);
    try {
      const answer = await action();
      if ('secondFactorRequired' in answer) {
        setChallenge(answer.challenge);
        setFactors(answer.factors);
        return;
      }
      navigate(safeRedirectTarget(searchParams.get(REDIRECT_PARAM)), { replace: true });
    } catch (caught) {
      // The widget takes over: the send goes again by itself once it has solved its challenge.
      if (proofOfWork.takeRefusal(caught)) return;
      // The person closed the browser's passkey prompt: they know, nothing to say.
      if (isPasskeyPromptCancelled(caught)) return;
      // A refused password goes under the password field; everything else above the form.
      if (!isLogin && registerForm.current?.showRefusal(caught)) return;
      // A challenge that expired or took too many wrong codes: the password is asked again.
      if (isApiError(caught) && caught.code === SIGN_IN_CHALLENGE_INVALID) setChallenge(null);
      if (isApiError(caught)) return setError(caught.message);
      setError(t(caught instanceof TypeError ? 'http.error.network' : 'auth.passkey.failed'));
    }
  };
  const submitLogin = (values: LoginValues) =>
    proofOfWork.submit(
      (proof) => void run(() => login.mutateAsync({ ...values, proofOfWork: proof })),
    );
  const submitSecondFactor = (values: SecondFactorValues) =>
    void run(() => finishLogin.mutateAsync({ challenge: challenge ?? '', ...values }));
  // Without a challenge the passkey signs in alone; with one it is the second factor.
  const signInWithPasskey = () => void run(() => passkeyLogin.mutateAsync(challenge ?? undefined));
  const backToPassword = () => {
    setError(null);
    setChallenge(null);
  };
  const submitRegister = ({ email, name, password }: RegisterValues) =>
    proofOfWork.submit(
      (proof) =>
        void run(() =>
          register.mutateAsync({
            email,
            password,
            name: name.trim() || undefined,
            language: currentLanguage(),
            proofOfWork: proof,
          }),
        ),
    );
  const switchTo = (next: Mode) => {
    setError(null);
    setChallenge(null);
    setMode(next);
  };

  const alert = error ? (
    <div className={styles.alert} role="alert">
      <CloseCircleFilled className={styles.alertIcon} />
      {error}
    </div>
  ) : (
    notice &&
    isLogin && (
      <div className={styles.notice} role="status">
        <InfoCircleFilled className={styles.noticeIcon} />
        {t(`auth.notice.${notice}`)}
      </div>
    )
  );

  return (
    <section className={styles.card} aria-labelledby="sign-in-title">
      <h2 id="sign-in-title" className={styles.title}>
        {isLogin ? t('auth.login.title') : t('auth.register.title')}
      </h2>
      <span className={styles.subtitle}>
        {isLogin
          ? t(
              !challenge
                ? 'auth.login.subtitle'
                : factors.includes('totp')
                  ? 'auth.secondFactor.subtitle'
                  : 'auth.secondFactor.passkeySubtitle',
            )
          : t('auth.register.subtitle')}
      </span>
      {isLogin ? (
        <>
          {/* One tab, as the seed's card: its look names the way of signing in. */}
          <div role="tablist" className={styles.tabs}>
            <button
              type="button"
              role="tab"
              id="sign-in-tab-account"
              aria-selected="true"
              aria-controls="sign-in-panel-account"
              className={styles.tab}
            >
              {t('auth.tab.account')}
            </button>
          </div>
          <div role="tabpanel" id="sign-in-panel-account" aria-labelledby="sign-in-tab-account">
            {alert}
            {challenge ? (
              <SecondFactorForm
                factors={factors}
                pending={finishLogin.isPending}
                onSubmit={submitSecondFactor}
                passkeyPending={passkeyLogin.isPending}
                onUsePasskey={signInWithPasskey}
                onBack={backToPassword}
              />
            ) : (
              <>
                <LoginForm
                  pending={login.isPending}
                  onSubmit={submitLogin}
                  proofOfWork={proofOfWork.widget}
                />
                {passkeysSupported() && (
                  <>
                    <div className={styles.or}>{t('auth.passkey.or')}</div>
                    <PasskeyButton pending={passkeyLogin.isPending} onClick={signInWithPasskey}>
                      {t('auth.passkey.signIn')}
                    </PasskeyButton>
                  </>
                )}
              </>
            )}
          </div>
        </>
      ) : (
        <div className={styles.registerBody}>
          {alert}
          <Suspense fallback={<div className={styles.loading} aria-busy="true" />}>
            <RegisterForm
              ref={registerForm}
              pending={register.isPending}
              onSubmit={submitRegister}
              proofOfWork={proofOfWork.widget}
            />
          </Suspense>
        </div>
      )}
      <div className={styles.switch}>
        <span className={styles.subtitle}>
          {isLogin ? t('auth.switch.noAccount') : t('auth.switch.haveAccount')}
        </span>
        <button
          type="button"
          className={`${styles.switchButton} ${TOUCH_TARGET}`}
          onClick={() => switchTo(isLogin ? 'register' : 'login')}
        >
          {isLogin ? t('auth.switch.toRegister') : t('auth.switch.toLogin')}
        </button>
      </div>
    </section>
  );
}
