import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PasswordResetCard } from '../components/password-reset-card.tsx';
import { PortalTopBar } from '../components/portal-top-bar.tsx';
import styles from './password-reset-page.module.css';
import portal from './portal-page.module.css';

/**
 * Forgot password (`/portal/reset`): without a token, ask for a link by email (always the same
 * answer); with the mailed link's `token`, choose a new password, then sign in with it. A link
 * that no longer works says so and offers a new one.
 */
export default function PasswordResetPage() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  useEffect(() => {
    document.title = `${t('nav.passwordReset')} · ${t('common.brand')}`;
  }, [t, i18n.language]);
  return (
    <div className={portal.page}>
      <PortalTopBar />
      <main className={styles.main}>
        {/* Asking again from a dead link drops the token: the card starts over. */}
        <PasswordResetCard key={token ?? ''} token={token} />
      </main>
    </div>
  );
}
