import { useTranslation } from 'react-i18next';
import { BellOutlined } from '../../../shared/ui/plain-icons.tsx';
import { useUnreadCount } from '../api.ts';
import styles from './inbox-bell.module.css';

interface InboxBellProps {
  onClick: () => void;
}

/** The header's bell: the unread messages' count on it; a click opens the inbox. */
export function InboxBell({ onClick }: InboxBellProps) {
  const { t } = useTranslation();
  const unread = useUnreadCount().data ?? 0;
  const label = unread > 0 ? t('messages.bell.unread', { count: unread }) : t('messages.bell.none');
  return (
    <button
      type="button"
      className={styles.bell}
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid="inbox-bell"
    >
      <BellOutlined className={styles.icon} />
      {unread > 0 && (
        <span className={styles.count} aria-hidden="true" data-testid="inbox-bell-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
