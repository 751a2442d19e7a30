import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http/api-error.ts';
import { ExclamationCircleFilled } from '../../../shared/ui/plain-icons.tsx';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useMe, useResendVerificationEmail } from '../api.ts';
import styles from './email-verification-banner.module.css';

/**
 * Above every console page while the server requires confirmed addresses and this one is not
 * (top-ups and purchases wait for it): where the link went, and a button to send it again, whose
 * answer (sent, or how many seconds to wait) shows beside it. Plain, as the console's frame is.
 */
export function EmailVerificationBanner() {
  const { t } = useTranslation();
  const profile = useMe().data;
  const resend = useResendVerificationEmail();
  if (!profile || profile.emailVerified || profile.emailVerification !== 'required') return null;
  const outcome = resend.isSuccess
    ? t('users.verifyBanner.sent')
    : isApiError(resend.error)
      ? resend.error.message
      : null;

  return (
    <div className={styles.banner} role="status" data-testid="email-verification-banner">
      <span className={styles.icon}>
        <ExclamationCircleFilled />
      </span>
      <div className={styles.text}>
        <strong>{t('users.verifyBanner.title')}</strong>
        <span>{t('users.verifyBanner.description', { email: profile.email })}</span>
        {outcome && (
          <span className={styles.outcome} aria-live="polite">
            {outcome}
          </span>
        )}
      </div>
      <button
        type="button"
        className={`${styles.resend} ${TOUCH_TARGET}`}
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {t('users.verifyBanner.resend')}
      </button>
    </div>
  );
}
