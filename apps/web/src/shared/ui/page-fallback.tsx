import { Spin } from 'antd';
import styles from './page-fallback.module.css';

/** Seed loading state of a lazy page: one centred spinner. */
export function PageFallback() {
  return (
    <div className={styles.centre}>
      <Spin size="large" />
    </div>
  );
}
