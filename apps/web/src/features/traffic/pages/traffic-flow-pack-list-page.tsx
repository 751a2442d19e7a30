import { PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_PAGE_SIZE,
  trafficPackageStatuses,
  type TrafficPackageStatus,
} from '@stratus/contract';
import { Button, Card, Flex, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BUY_TRAFFIC_PATH } from '../../../shared/paths.ts';
import { useTrafficPackages, type TrafficPackagesQuery } from '../api.ts';
import { PackageSummaryCards } from '../components/package-summary-cards.tsx';
import { PackageTable } from '../components/package-table.tsx';
import styles from './traffic-flow-pack-list-page.module.css';

type StatusFilter = TrafficPackageStatus | 'all';

export default function TrafficFlowPackListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const query: TrafficPackagesQuery = {
    ...paging,
    ...(status === 'all' ? {} : { status }),
  };
  const packages = useTrafficPackages(query);

  return (
    <Flex vertical gap={16}>
      <PackageSummaryCards summary={packages.data?.summary} loading={packages.isPending} />
      <Card>
        <Flex justify="space-between" wrap gap={12} className={styles.toolbar}>
          <Select<StatusFilter>
            className={styles.status}
            aria-label={t('traffic.packages.filter.status')}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            options={[
              { value: 'all', label: t('traffic.packages.filter.all') },
              ...trafficPackageStatuses.map((value) => ({
                value,
                label: t(`traffic.status.${value}`),
              })),
            ]}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(BUY_TRAFFIC_PATH)}
          >
            {t('traffic.packages.buy')}
          </Button>
        </Flex>
        <PackageTable
          data={packages.data}
          loading={packages.isFetching}
          page={paging.page}
          pageSize={paging.pageSize}
          onPageChange={(page, pageSize) =>
            setPaging((current) =>
              pageSize === current.pageSize ? { page, pageSize } : { page: 1, pageSize },
            )
          }
        />
      </Card>
    </Flex>
  );
}
