import type { AccountFactor } from '@stratus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { passkeysSupported } from '../../../shared/passkeys.ts';
import { PasskeyButton } from './passkey-button.tsx';
import { LockOutlined } from './portal-icons.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';
import styles from './second-factor-form.module.css';

/** What proves the second factor: a code of the authenticator app, or a recovery code. */
export type SecondFactorValues = { code: string } | { recoveryCode: string };

interface SecondFactorFormProps {
  /** The account's factors, as the sign-in challenge named them. */
  factors: readonly AccountFactor[];
  pending: boolean;
  onSubmit: (values: SecondFactorValues) => void;
  /** The passkey's prompt and check are running. */
  passkeyPending: boolean;
  onUsePasskey: () => void;
  /** Back to the email and password. */
  onBack: () => void;
}

/**
 * The second step of signing in: the 6-digit code of the authenticator app (the phone's number
 * pad, and its one-time-code autofill), a passkey, or a recovery code instead. An account with
 * passkeys alone is offered the passkey, and a recovery code; no code field.
 */
export function SecondFactorForm({
  factors,
  pending,
  onSubmit,
  passkeyPending,
  onUsePasskey,
  onBack,
}: SecondFactorFormProps) {
  const { t } = useTranslation();
  const hasTotp = factors.includes('totp');
  const offerPasskey = factors.includes('passkey') && passkeysSupported();
  const [useRecovery, setUseRecovery] = useState(!hasTotp && !offerPasskey);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = () => {
    if (useRecovery) {
      const value = recoveryCode.trim();
      if (!value) return setProblem(t('auth.secondFactor.recoveryRequired'));
      onSubmit({ recoveryCode: value });
    } else {
      const value = code.replace(/\s/g, '');
      if (!/^\d{6}$/.test(value)) return setProblem(t('auth.secondFactor.codeFormat'));
      onSubmit({ code: value });
    }
  };
  const switchMode = () => {
    setProblem(undefined);
    setUseRecovery((recovery) => !recovery);
  };
  const passkeyButton = offerPasskey && (
    <PasskeyButton pending={passkeyPending} onClick={onUsePasskey}>
      {t('auth.secondFactor.usePasskey')}
    </PasskeyButton>
  );
  const backLink = (
    <button type="button" className={`${styles.link} ${TOUCH_TARGET}`} onClick={onBack}>
      {t('auth.secondFactor.back')}
    </button>
  );

  // Passkeys alone: the passkey first, a recovery code for a lost device.
  if (!hasTotp && !useRecovery) {
    return (
      <div>
        <p className={styles.hint}>{t('auth.secondFactor.passkeyHint')}</p>
        {passkeyButton}
        <div className={`${styles.links} ${styles.after}`}>
          {backLink}
          <button type="button" className={`${styles.link} ${TOUCH_TARGET}`} onClick={switchMode}>
            {t('auth.secondFactor.useRecovery')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className={styles.hint}>
        {t(useRecovery ? 'auth.secondFactor.recoveryHint' : 'auth.secondFactor.codeHint')}
      </p>
      {useRecovery ? (
        <TextField
          key="recovery"
          label={t('auth.secondFactor.recoveryLabel')}
          icon={<LockOutlined />}
          type="text"
          value={recoveryCode}
          onChange={(value) => {
            setProblem(undefined);
            setRecoveryCode(value);
          }}
          problem={problem}
          placeholder="abcde-12345"
          autoComplete="off"
          maxLength={32}
          autoFocus
        />
      ) : (
        <TextField
          key="code"
          label={t('auth.secondFactor.codeLabel')}
          icon={<LockOutlined />}
          type="text"
          inputMode="numeric"
          value={code}
          onChange={(value) => {
            setProblem(undefined);
            setCode(value);
          }}
          problem={problem}
          placeholder={t('auth.secondFactor.codePlaceholder')}
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
        />
      )}
      <div className={styles.links}>
        {backLink}
        <button type="button" className={`${styles.link} ${TOUCH_TARGET}`} onClick={switchMode}>
          {t(
            !useRecovery
              ? 'auth.secondFactor.useRecovery'
              : hasTotp
                ? 'auth.secondFactor.useCode'
                : 'auth.secondFactor.usePasskey',
          )}
        </button>
      </div>
      <SubmitButton pending={pending}>{t('auth.secondFactor.submit')}</SubmitButton>
      {hasTotp && passkeyButton && <div className={styles.passkey}>{passkeyButton}</div>}
    </form>
  );
}
