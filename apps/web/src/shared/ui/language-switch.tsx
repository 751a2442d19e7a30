import { TranslationOutlined } from '@ant-design/icons';
import { locales, type Locale } from '@stratus/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n.ts';
import styles from './language-switch.module.css';

interface LanguageSwitchProps {
  /** Performs the switch (and, when signed in, saves the preference). */
  onSwitch: (language: Locale) => void;
}

export function LanguageSwitch({ onSwitch }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: locales.map((locale) => ({ key: locale, label: t(`common.language.${locale}`) })),
        onClick: ({ key }) => {
          if (key !== language) onSwitch(key as Locale);
        },
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={`${t('common.language.label')}: ${t(`common.language.${language}`)}`}
      >
        <span className={styles.name}>{t(`common.language.${language}`)}</span>
      </Button>
    </Dropdown>
  );
}
