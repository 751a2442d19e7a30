import type { ProxyProtocol } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { CellTag } from './cell-tag.tsx';
import styles from './cells.module.css';

/**
 * The protocols of a plan or an IP. One its node cannot serve now (vmess where V2Ray failed or is
 * absent) is shown struck through and named unavailable, not offered.
 */
export function ProtocolTags({
  protocols,
  unavailable = [],
}: {
  protocols: readonly ProxyProtocol[];
  unavailable?: readonly ProxyProtocol[];
}) {
  const { t } = useTranslation();
  return (
    <span className={styles.tags}>
      {protocols.map((protocol) => {
        const name = t(`instances.protocol.${protocol}`);
        if (!unavailable.includes(protocol)) return <CellTag key={protocol}>{name}</CellTag>;
        const label = t('instances.protocol.unavailable', { protocol: name });
        return (
          <span
            key={protocol}
            className={styles.unavailableProtocol}
            title={label}
            aria-label={label}
          >
            <CellTag>{name}</CellTag>
          </span>
        );
      })}
    </span>
  );
}
