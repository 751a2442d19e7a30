import { TranslationOutlined } from './portal-icons.tsx';
import { locales, type Locale } from '@stratus/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import styles from './portal-language-menu.module.css';

interface PortalLanguageMenuProps {
  /** Performs the switch (and, when signed in, saves the preference). */
  onSwitch: (language: Locale) => void;
}

/**
 * The portal's language switch: the console's (shared/ui/language-switch.tsx) in look and words,
 * drawn without Ant Design's dropdown so the portal's first screen needs none of it. A menu
 * button: Enter, Space or a click opens it, arrows move, Escape closes it.
 */
export function PortalLanguageMenu({ onSwitch }: PortalLanguageMenuProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    // The chosen language takes the focus, as in a menu that opens on its current value.
    root.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const choose = (locale: Locale) => {
    close();
    if (locale !== language) onSwitch(locale);
  };
  const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    }
  };

  const name = t(`common.language.${language}`);
  return (
    <div className={styles.root} ref={root}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={`${t('common.language.label')}: ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        <TranslationOutlined />
        <span className={styles.name}>{name}</span>
      </button>
      {open && (
        <ul id={menuId} role="menu" className={styles.menu} onKeyDown={moveFocus}>
          {locales.map((locale) => (
            <li key={locale} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-current={locale === language}
                className={styles.item}
                onClick={() => choose(locale)}
              >
                {t(`common.language.${locale}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
