import { Space } from 'antd';
import { PasskeysCard } from '../../passkeys/public.ts';
import { SessionsCard } from '../components/sessions-card.tsx';
import { SignInHistoryCard } from '../components/sign-in-history-card.tsx';
import styles from './security-page.module.css';

/**
 * Account security: the passkeys, the devices signed in now and the sign-in history (console and
 * admin).
 */
export default function SecurityPage() {
  return (
    <Space orientation="vertical" size={16} className={styles.page}>
      <PasskeysCard />
      <SessionsCard />
      <SignInHistoryCard />
    </Space>
  );
}
