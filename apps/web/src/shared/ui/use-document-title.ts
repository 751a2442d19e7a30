import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the browser tab's title to `<title> · <brand>` in the current language, and again when the
 * language changes; the brand alone when there is no title.
 */
export function useDocumentTitle(title: string | undefined) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const brand = t('common.brand');
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, t, i18n.language]);
}
