import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { browserNavigation } from '../shared/browser.ts';

/** The seed's page-error state: fixed text and a retry that reloads the page. */
export function PageError() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('common.pageError.title')}
      extra={
        <Button type="primary" onClick={() => browserNavigation.reload()}>
          {t('common.pageError.retry')}
        </Button>
      }
    />
  );
}
