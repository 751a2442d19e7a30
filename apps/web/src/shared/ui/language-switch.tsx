import { locales, type Locale } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n.ts';
import { MenuButton } from './menu-button.tsx';
import { TranslationOutlined } from './plain-icons.tsx';
import styles from './language-switch.module.css';

interface LanguageSwitchProps {
  /** Performs the switch (and, when signed in, saves the preference). */
  onSwitch: (language: Locale) => void;
}

/** The language menu of the portal's and the consoles' headers: each language a radio item. */
export function LanguageSwitch({ onSwitch }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const name = t(`common.language.${language}`);
  return (
    <MenuButton
      className={styles.trigger}
      aria-label={`${t('common.language.label')}: ${name}`}
      items={locales.map((locale) => ({
        key: locale,
        label: t(`common.language.${locale}`),
        checked: locale === language,
      }))}
      onSelect={(key) => {
        if (key !== language) onSwitch(key as Locale);
      }}
    >
      <TranslationOutlined />
      <span className={styles.name}>{name}</span>
    </MenuButton>
  );
}
