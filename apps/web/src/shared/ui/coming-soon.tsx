import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './coming-soon.module.css';

/** Placeholder of a console section whose feature ships later: honest, no invented data. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <div className={styles.panel}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <div className={styles.text}>
            <Typography.Text strong>{t('common.comingSoon.title')}</Typography.Text>
            <Typography.Text type="secondary">{t('common.comingSoon.description')}</Typography.Text>
          </div>
        }
      />
    </div>
  );
}
