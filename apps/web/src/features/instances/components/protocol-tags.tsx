import type { ProxyProtocol } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { CellTag } from './cell-tag.tsx';
import styles from './cells.module.css';

export function ProtocolTags({ protocols }: { protocols: readonly ProxyProtocol[] }) {
  const { t } = useTranslation();
  return (
    <span className={styles.tags}>
      {protocols.map((protocol) => (
        <CellTag key={protocol}>{t(`instances.protocol.${protocol}`)}</CellTag>
      ))}
    </span>
  );
}
