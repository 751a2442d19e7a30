import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONSOLE_HOME } from '../shared/paths.ts';

/** A customer at an operator address: the page is not theirs, and the way back is one click. */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('common.forbidden.title')}
      subTitle={t('admin.denied.customer')}
      extra={
        <Button type="primary" onClick={() => navigate(CONSOLE_HOME)}>
          {t('admin.backToConsole')}
        </Button>
      }
    />
  );
}
