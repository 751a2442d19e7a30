import { Button, Card, Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONSOLE_HOME } from '../../../shared/paths.ts';
import { useUnsubscribe, useUnsubscribeTarget } from '../api.ts';
import styles from './unsubscribe-page.module.css';

/**
 * Where a mail's "unsubscribe" link opens: says what it switches off and for which address, and
 * switches it off only on a click (mail scanners open links; they do not press buttons).
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const target = useUnsubscribeTarget(token);
  const unsubscribe = useUnsubscribe(token);

  let content;
  if (!token || target.isError) {
    content = (
      <Result
        status="warning"
        title={t('messages.unsubscribe.invalid')}
        subTitle={t('messages.unsubscribe.invalidHint')}
        extra={<Button href={CONSOLE_HOME}>{t('messages.unsubscribe.toConsole')}</Button>}
      />
    );
  } else if (!target.data) {
    content = <Spin className={styles.spin} />;
  } else {
    const category = t(`messages.category.${target.data.category}`);
    content = target.data.unsubscribed ? (
      <Result
        status="success"
        title={t('messages.unsubscribe.done', { category })}
        subTitle={t('messages.unsubscribe.doneHint', { email: target.data.email })}
        extra={<Button href={CONSOLE_HOME}>{t('messages.unsubscribe.toConsole')}</Button>}
      />
    ) : (
      <Result
        status="info"
        title={t('messages.unsubscribe.ask', { category })}
        subTitle={t('messages.unsubscribe.askHint', { email: target.data.email })}
        extra={
          <Button
            type="primary"
            loading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate()}
          >
            {t('messages.unsubscribe.confirm')}
          </Button>
        }
      />
    );
  }
  return <Card className={styles.card}>{content}</Card>;
}
