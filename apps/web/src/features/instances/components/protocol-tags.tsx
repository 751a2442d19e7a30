import type { ProxyProtocol } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function ProtocolTags({ protocols }: { protocols: readonly ProxyProtocol[] }) {
  const { t } = useTranslation();
  return (
    <span>
      {protocols.map((protocol) => (
        <Tag key={protocol}>{t(`instances.protocol.${protocol}`)}</Tag>
      ))}
    </span>
  );
}
