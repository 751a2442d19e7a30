import { ArrowLeftOutlined } from '@ant-design/icons';
import { hasPermission } from '@stratus/contract';
import { Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/http/api-error.ts';
import { ADMIN_NODES_PATH } from '../../../shared/paths.ts';
import { PageFallback } from '../../../shared/ui/page-fallback.tsx';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useMe } from '../../users/public.ts';
import { useAdminNode } from '../api.ts';
import { NodeCharts } from '../components/node-charts.tsx';
import { NodeSummary } from '../components/node-summary.tsx';

/** One gateway node: its state and latest heartbeat, then its last 24 hours in charts. */
export default function NodePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const node = useAdminNode(id);
  const role = useMe().data?.role;
  const back = (
    <Link to={ADMIN_NODES_PATH} className={TOUCH_TARGET}>
      <ArrowLeftOutlined /> {t('adminNodes.detail.back')}
    </Link>
  );

  if (node.isError) {
    const missing =
      isApiError(node.error) && (node.error.status === 404 || node.error.status === 400);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('adminNodes.detail.notFound') : node.error.message}
        extra={back}
      />
    );
  }
  if (!node.data || !role) return <PageFallback />;
  return (
    <Flex vertical gap={16}>
      <div>{back}</div>
      <NodeSummary
        node={node.data}
        canManage={hasPermission(role, 'nodes.manage')}
        now={node.dataUpdatedAt}
      />
      <NodeCharts series={node.data.series} now={node.dataUpdatedAt} />
    </Flex>
  );
}
