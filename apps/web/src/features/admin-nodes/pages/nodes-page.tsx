import { PlusOutlined } from '@ant-design/icons';
import { hasPermission } from '@stratus/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../users/public.ts';
import { useAdminNodes } from '../api.ts';
import { AddNodeModal } from '../components/add-node-modal.tsx';
import { NodeTable } from '../components/node-table.tsx';

/** 网关节点: every node with its heartbeat, refreshed every few polls; ops add and manage them. */
export default function NodesPage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const nodes = useAdminNodes();
  const [adding, setAdding] = useState(false);
  const canManage = me ? hasPermission(me.role, 'nodes.manage') : false;

  return (
    <Card
      extra={
        canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('adminNodes.add')}
          </Button>
        )
      }
    >
      <NodeTable
        nodes={nodes.data?.items}
        loading={nodes.isPending}
        canManage={canManage}
        now={nodes.dataUpdatedAt}
      />
      <AddNodeModal open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
