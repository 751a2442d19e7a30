import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './endpoint-generator.module.css';

const SYNTAX = '<account>[-country-<cc>[-city-<city>]][-session-<id>[-life-<minutes>]]';

/** How a dynamic username carries its targeting (see the contract's dynamic-username.ts). */
export function UsernameHelp({ account }: { account: string }) {
  const { t } = useTranslation();
  const example = `${account}-country-jp-city-tokyo-session-ab12cd34-life-30`;
  return (
    <div className={styles.help}>
      <Typography.Paragraph type="secondary">{t('dynamic.help.intro')}</Typography.Paragraph>
      <pre className={styles.code}>{SYNTAX}</pre>
      <Typography.Paragraph type="secondary">{t('dynamic.help.parts')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('dynamic.help.example')}</Typography.Paragraph>
      <pre className={styles.code}>{example}</pre>
    </div>
  );
}
