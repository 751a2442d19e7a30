import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type TrafficPackageStatus } from '@stratus/contract';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BUY_TRAFFIC_PATH } from '../../../shared/paths.ts';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useTrafficPackages, type TrafficPackagesQuery } from '../api.ts';
import { PackageSummaryCards } from '../components/package-summary-cards.tsx';
import { PackageTable } from '../components/package-table.tsx';
import { packageFilterFields } from '../package-filters.ts';

export default function TrafficFlowPackListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<TrafficPackageStatus | undefined>(undefined);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const query: TrafficPackagesQuery = {
    ...paging,
    ...(status ? { status } : {}),
  };
  const packages = useTrafficPackages(query);

  return (
    <Flex vertical gap={16}>
      <PackageSummaryCards summary={packages.data?.summary} loading={packages.isPending} />
      <Card>
        <FilterBar
          fields={packageFilterFields(t)}
          values={{ status }}
          onChange={(changes) => {
            setStatus(changes.status);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          actions={
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(BUY_TRAFFIC_PATH)}
            >
              {t('traffic.packages.buy')}
            </Button>
          }
        />
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
