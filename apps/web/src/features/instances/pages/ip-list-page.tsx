import { LinkOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { Instance } from '@stratus/contract';
import { Button, Card, Empty, Space, Table } from 'antd';
import { Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BUY_STATIC_IP_PATH } from '../../../shared/paths.ts';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { OverlayFallback } from '../../../shared/ui/overlay-fallback.tsx';
import { RowCards } from '../../../shared/ui/row-cards.tsx';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { TableTitleControl } from '../../../shared/ui/table-title-control.tsx';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { LazyAllowlistPanel, useIpListTabs } from '../../allowlist/public.ts';
import { useInstances, useStaticIpCatalog } from '../api.ts';
import { ExportDropdown } from '../components/export-dropdown.tsx';
import {
  LazyInstanceDetailDrawer,
  LazyRenewModal,
  LazySubscriptionModal,
  preloadRenewModal,
  preloadSubscriptionModal,
} from '../components/lazy-ip-list-overlays.ts';
import { useInstanceColumns } from '../components/use-instance-columns.tsx';
import { instanceFilterFields, instanceFilters } from '../instance-filters.tsx';
import { useOpenedOnce } from '../use-opened-once.ts';
import { useRenewedRows } from '../use-renewed-rows.ts';
import styles from './ip-list-page.module.css';

export default function IpListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, query, update, changePage } = useListFilters(instanceFilters);
  const instances = useInstances(query);
  const catalog = useStaticIpCatalog();
  const tabs = useIpListTabs();
  // The table and the first answer's rows each render in a follow-up, at a lower priority and in
  // slices between which the browser stays responsive, rather than in the page's one long first
  // task (a phone's CPU takes most of a second for them). Later answers (a toggle, a renewal,
  // another page) show at once: a switch must not flick back.
  const tableShown = useDeferredValue(true, false);
  const firstAnswerShown = useDeferredValue(instances.data !== undefined);
  const data = firstAnswerShown ? instances.data : undefined;
  const renewedRows = useRenewedRows(data?.items ?? [], JSON.stringify(query));
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [renewIds, setRenewIds] = useState<string[]>([]);
  const [detail, setDetail] = useState<Instance | null>(null);
  const [subscriptionOpen, setSubscriptionOpen] = useState(false);
  const renewMounted = useOpenedOnce(renewIds.length > 0);
  const detailMounted = useOpenedOnce(detail !== null);
  const subscriptionMounted = useOpenedOnce(subscriptionOpen);
  const compact = useCompactLayout();
  const columns = useInstanceColumns({
    onRenew: (instance) => setRenewIds([instance.id]),
    onDetail: setDetail,
  });

  // Regions offered for sale plus those of the rows shown (a plan may have been withdrawn).
  const countries = useMemo(() => {
    const names = new Map<string, string>();
    for (const plan of catalog.data?.items ?? []) names.set(plan.country, plan.countryName);
    for (const row of instances.data?.items ?? []) names.set(row.country, row.countryName);
    return [...names].map(([code, name]) => ({ code, name }));
  }, [catalog.data, instances.data]);

  // Until the first answer arrives there is nothing to say: no "you have no IPs" flash.
  const emptyText = data && (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('instances.list.empty')}>
      <Button
        type="primary"
        icon={<ShoppingCartOutlined />}
        onClick={() => void navigate(BUY_STATIC_IP_PATH)}
      >
        {t('instances.list.buy')}
      </Button>
    </Empty>
  );
  const pagination = {
    current: data?.page ?? filters.page,
    pageSize: data?.pageSize ?? filters.pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total: number) => t('instances.list.total', { count: total }),
    onChange: changePage,
  };
  const loading = instances.isFetching || data !== instances.data;

  if (tabs.allowlist) {
    return (
      <Card {...tabs.cardProps}>
        <LazyAllowlistPanel />
      </Card>
    );
  }
  return (
    <Card {...tabs.cardProps}>
      <div className={styles.toolbar}>
        <FilterBar
          fields={instanceFilterFields(t, countries)}
          values={filters}
          onChange={update}
          phone="stack"
          folded
          spaced={false}
        />
        <Space wrap>
          <Button
            icon={<LinkOutlined />}
            onClick={() => setSubscriptionOpen(true)}
            onPointerEnter={preloadSubscriptionModal}
            onFocus={preloadSubscriptionModal}
          >
            {t('instances.list.subscription')}
          </Button>
          <Button
            disabled={selectedIds.length === 0}
            onClick={() => setRenewIds(selectedIds)}
            onPointerEnter={preloadRenewModal}
            onFocus={preloadRenewModal}
          >
            {t('instances.list.batchRenew', { count: selectedIds.length })}
          </Button>
          <ExportDropdown selectedIds={selectedIds} />
        </Space>
      </div>
      {tableShown &&
        (compact ? (
          // On a phone each IP is a card: its address, credentials, expiry and actions in the
          // first screen, none scrolled off beside a fixed column.
          <RowCards<Instance>
            columns={columns}
            rows={renewedRows.rows}
            rowKey={(row) => row.id}
            rowClassName={(row) =>
              renewedRows.isHighlighted(row.id) ? (styles.renewed ?? '') : ''
            }
            loading={loading}
            empty={emptyText}
            selection={{
              selectedKeys: selectedIds,
              onChange: setSelectedIds,
              label: (row) => `${row.ip}:${row.port}`,
            }}
            pagination={pagination}
          />
        ) : (
          <Table<Instance>
            rowKey="id"
            columns={columns}
            dataSource={renewedRows.rows}
            rowClassName={(row) =>
              renewedRows.isHighlighted(row.id) ? (styles.renewed ?? '') : ''
            }
            loading={loading}
            scroll={{ x: 1100 }}
            rowSelection={{
              selectedRowKeys: selectedIds,
              columnTitle: (selectAll) => <TableTitleControl>{selectAll}</TableTitleControl>,
              onChange: (keys) => setSelectedIds(keys.map(String)),
            }}
            locale={{ emptyText }}
            pagination={pagination}
          />
        ))}
      {/* Dialogs load at their first opening (lazy-ip-list-overlays.ts), each in its own
          boundary: one loading leaves the others, and the table, as they are. */}
      {renewMounted && (
        <Suspense fallback={<OverlayFallback />}>
          <LazyRenewModal
            ids={renewIds}
            onClose={() => setRenewIds([])}
            onRenewed={(renewed) => {
              setSelectedIds([]);
              renewedRows.onRenewed(renewed);
            }}
          />
        </Suspense>
      )}
      {detailMounted && (
        <Suspense fallback={<OverlayFallback />}>
          <LazyInstanceDetailDrawer
            instance={detail}
            onClose={() => setDetail(null)}
            onReplaced={setDetail}
          />
        </Suspense>
      )}
      {subscriptionMounted && (
        <Suspense fallback={<OverlayFallback />}>
          <LazySubscriptionModal
            open={subscriptionOpen}
            onClose={() => setSubscriptionOpen(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}
