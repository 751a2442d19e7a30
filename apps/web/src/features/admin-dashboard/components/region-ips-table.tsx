import type { Dashboard, DashboardRegionIps } from '@stratus/contract';
import { Progress, Table, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { regionLabel } from '../../../shared/format/region.ts';
import styles from './dashboard.module.css';

type Counts = Dashboard['staticIps']['totals'];

/** Sold out of what could be sold now (sold + available), as a whole percentage. */
function soldShare({ sold, available }: Counts): number {
  const sellable = sold + available;
  return sellable === 0 ? 0 : Math.round((sold / sellable) * 100);
}

function ShareBar({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const label = `${t('adminDashboard.regions.column.sold')} ${counts.sold} / ${t('adminDashboard.regions.column.available')} ${counts.available}`;
  return (
    <Tooltip title={label}>
      <Progress
        className={styles.bar}
        percent={soldShare(counts)}
        size="small"
        aria-label={label}
      />
    </Tooltip>
  );
}

const countKeys = ['sold', 'available', 'cooling', 'quarantined', 'total'] as const;

/** Each region's static IPs by state, with a bar of sold against available, and the totals. */
export function RegionIpsTable({ staticIps }: { staticIps: Dashboard['staticIps'] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DashboardRegionIps> = [
    {
      key: 'region',
      title: t('adminDashboard.regions.column.region'),
      // Kept in view while the counts scroll beside it on a phone.
      width: 140,
      fixed: 'left',
      render: (_, region) => regionLabel(region.countryName, region.cityName),
    },
    ...countKeys.map((key) => ({
      key,
      // Sized by their titles, which stay whole ("Quarantined" broke after its 10th letter).
      title: <span className={styles.title}>{t(`adminDashboard.regions.column.${key}`)}</span>,
      dataIndex: key,
      align: 'right' as const,
      render: (count: number) => <span className={styles.number}>{count}</span>,
    })),
    {
      key: 'share',
      title: <span className={styles.title}>{t('adminDashboard.regions.column.share')}</span>,
      width: 170,
      render: (_, region) => <ShareBar counts={region} />,
    },
  ];
  return (
    <Table<DashboardRegionIps>
      rowKey="regionId"
      size="small"
      columns={columns}
      dataSource={staticIps.regions}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('adminDashboard.regions.empty') }}
      summary={() =>
        staticIps.regions.length > 1 && (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('adminDashboard.regions.totals')}</Table.Summary.Cell>
            {countKeys.map((key, index) => (
              <Table.Summary.Cell key={key} index={index + 1} align="right">
                <span className={styles.number}>{staticIps.totals[key]}</span>
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={countKeys.length + 1}>
              <ShareBar counts={staticIps.totals} />
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )
      }
    />
  );
}
