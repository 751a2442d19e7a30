import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FeaturesSection } from '../components/features-section.tsx';
import { HeroSection } from '../components/hero-section.tsx';
import { PortalFooter } from '../components/portal-footer.tsx';
import { PortalTopBar } from '../components/portal-top-bar.tsx';
import { StepsSection } from '../components/steps-section.tsx';
import styles from './portal-page.module.css';

/** The public landing page with sign-in (seed: /portal/home and /portal/auth). */
export default function PortalPage() {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t('auth.hero.title')} · ${t('common.brand')}`;
  }, [t, i18n.language]);

  return (
    <div className={styles.page}>
      <PortalTopBar />
      <main>
        <HeroSection />
        <FeaturesSection />
        <StepsSection />
      </main>
      <PortalFooter />
    </div>
  );
}
