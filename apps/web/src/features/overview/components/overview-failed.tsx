import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The overview could not be read: say so, with a retry (fetched only when it happens). */
export default function OverviewFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('overview.failed')}
      extra={<Button onClick={onRetry}>{t('overview.retry')}</Button>}
    />
  );
}
