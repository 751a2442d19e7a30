import { Typography } from 'antd';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import styles from './instance-detail-drawer.module.css';

/** One labelled connection string (socks5://…, http://…, vmess://…) with a copy button. */
export function ConnectionLine({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.connection}>
      <Typography.Text strong>{label}</Typography.Text>
      <div className={styles.line}>
        <code className={styles.code}>{value}</code>
        <CopyButton text={value} />
      </div>
    </div>
  );
}
