import { NODE_OFFLINE_AFTER_SECONDS, type AdminNode } from '@stratus/contract';
import { Badge, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Online (a heartbeat within three poll intervals), offline, or disabled by an operator. */
export function NodeStateTag({ node }: { node: Pick<AdminNode, 'status' | 'online'> }) {
  const { t } = useTranslation();
  if (node.status === 'disabled') return <Tag>{t('adminNodes.state.disabled')}</Tag>;
  return (
    <Tooltip title={t('adminNodes.state.offlineHint', { seconds: NODE_OFFLINE_AFTER_SECONDS })}>
      <Badge
        status={node.online ? 'success' : 'error'}
        text={t(node.online ? 'adminNodes.state.online' : 'adminNodes.state.offline')}
      />
    </Tooltip>
  );
}
