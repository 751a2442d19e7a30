import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasToken } from '../shared/session.ts';
import { CONSOLE_HOME, PORTAL_HOME } from '../shared/paths.ts';
import { useDocumentTitle } from '../shared/ui/use-document-title.ts';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = hasToken() ? CONSOLE_HOME : PORTAL_HOME;
  useDocumentTitle(t('common.notFound.title'));
  return (
    <div className={styles.page}>
      <Result
        status="404"
        title={t('common.notFound.title')}
        subTitle={t('common.notFound.description')}
        extra={
          <Button type="primary" onClick={() => navigate(home)}>
            {t('common.notFound.home')}
          </Button>
        }
      />
    </div>
  );
}
