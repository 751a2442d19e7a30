import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  BUY_STATIC_IP_PATH,
  BUY_TRAFFIC_PATH,
  DYNAMIC_IP_PATH,
  RECHARGE_PATH,
} from '../../../shared/paths.ts';
import type { MessageKey } from '../../../locales/index.ts';
import { PlainCard } from '../../../shared/ui/plain-card.tsx';
import {
  NodeIndexOutlined,
  PayCircleOutlined,
  ShoppingCartOutlined,
  ThunderboltOutlined,
} from '../../../shared/ui/plain-icons.tsx';
import styles from './shortcuts-card.module.css';

const shortcuts: { path: string; label: MessageKey; icon: ComponentType }[] = [
  { path: BUY_STATIC_IP_PATH, label: 'nav.buyStaticIP', icon: ShoppingCartOutlined },
  { path: BUY_TRAFFIC_PATH, label: 'nav.buyTrafficFlow', icon: ThunderboltOutlined },
  { path: DYNAMIC_IP_PATH, label: 'nav.buyDynamicIP', icon: NodeIndexOutlined },
  { path: RECHARGE_PATH, label: 'nav.recharge', icon: PayCircleOutlined },
];

/** The actions a customer comes back for. */
export function ShortcutsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PlainCard title={t('overview.shortcuts.title')}>
      <div className={styles.grid}>
        {shortcuts.map((shortcut) => (
          <button
            key={shortcut.path}
            type="button"
            className={styles.button}
            onClick={() => void navigate(shortcut.path)}
          >
            <span className={styles.icon}>
              <shortcut.icon />
            </span>
            <span>{t(shortcut.label)}</span>
          </button>
        ))}
      </div>
    </PlainCard>
  );
}
