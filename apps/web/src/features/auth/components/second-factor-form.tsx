import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { LockOutlined } from './portal-icons.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';
import styles from './second-factor-form.module.css';

/** What proves the second factor: a code of the authenticator app, or a recovery code. */
export type SecondFactorValues = { code: string } | { recoveryCode: string };

interface SecondFactorFormProps {
  pending: boolean;
  onSubmit: (values: SecondFactorValues) => void;
  /** Back to the email and password. */
  onBack: () => void;
}

/**
 * The second step of signing in: the 6-digit code of the authenticator app (the phone's number
 * pad, and its one-time-code autofill), or a recovery code instead.
 */
export function SecondFactorForm({ pending, onSubmit, onBack }: SecondFactorFormProps) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
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
        <button type="button" className={`${styles.link} ${TOUCH_TARGET}`} onClick={onBack}>
          {t('auth.secondFactor.back')}
        </button>
        <button type="button" className={`${styles.link} ${TOUCH_TARGET}`} onClick={switchMode}>
          {t(useRecovery ? 'auth.secondFactor.useCode' : 'auth.secondFactor.useRecovery')}
        </button>
      </div>
      <SubmitButton pending={pending}>{t('auth.secondFactor.submit')}</SubmitButton>
    </form>
  );
}
