import type { Dashboard } from '@stratus/contract';
import { Badge, Card, Col, Row, Statistic, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './dashboard.module.css';

/** Gateway nodes online and offline by the contract's heartbeat rule; disabled ones apart. */
export function NodesCard({ nodes }: { nodes: Dashboard['nodes'] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card title={t('adminDashboard.nodes.title')} size="small" data-testid="nodes-card">
      <Row gutter={16}>
        <Col span={12}>
          <Statistic
            title={<Badge status="success" text={t('adminDashboard.nodes.online')} />}
            value={nodes.online}
          />
        </Col>
        <Col span={12}>
          <Statistic
            title={<Badge status="error" text={t('adminDashboard.nodes.offline')} />}
            value={nodes.offline}
            styles={{ content: nodes.offline > 0 ? { color: token.colorError } : undefined }}
          />
        </Col>
      </Row>
      <Typography.Text type="secondary" className={styles.detail}>
        {nodes.disabled > 0 &&
          `${t('adminDashboard.nodes.disabled', { count: nodes.disabled })} · `}
        {t('adminDashboard.nodes.rule', { seconds: nodes.offlineAfterSeconds })}
      </Typography.Text>
    </Card>
  );
}
