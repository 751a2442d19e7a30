import { Typography } from 'antd';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import styles from './instance-detail-drawer.module.css';

interface ConnectionLineProps {
  label: string;
  /** What the copy button copies: the real line, password included. */
  value: string;
  /** What is shown, when it differs from the value (its password masked). */
  shownValue?: string;
}

/** One labelled connection string (socks5://…, http://…, vmess://…) with a copy button. */
export function ConnectionLine({ label, value, shownValue = value }: ConnectionLineProps) {
  return (
    <div className={styles.connection}>
      <Typography.Text strong>{label}</Typography.Text>
      <div className={styles.line}>
        <code className={styles.code}>{shownValue}</code>
        <CopyButton text={value} />
      </div>
    </div>
  );
}
