import type { AdminRegion } from '@stratus/contract';
import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { regionCode } from '../region-label.ts';
import styles from './catalog-table.module.css';

interface RegionTableProps {
  regions: AdminRegion[] | undefined;
  loading: boolean;
  /** Called to edit a region; the actions column is left out without it (read-only roles). */
  onEdit?: (region: AdminRegion) => void;
}

/** A name in both languages, the reader's first: customers see each in their own. */
function bothNames(english: boolean, chinese: string, inEnglish: string): string {
  return english ? `${inEnglish} / ${chinese}` : `${chinese} / ${inEnglish}`;
}

/** Every region in catalog order: codes, names in both languages, plans and IPs for sale. */
export function RegionTable({ regions, loading, onEdit }: RegionTableProps) {
  const { t } = useTranslation();
  const english = currentLanguage() === 'en-US';
  const columns: TableColumnsType<AdminRegion> = [
    {
      key: 'code',
      // Kept in view while the other columns scroll under it on a phone.
      fixed: 'left',
      title: t('adminCatalog.region.column.code'),
      width: 170,
      render: (_value, region) => <span className={styles.code}>{regionCode(region)}</span>,
    },
    {
      key: 'country',
      title: t('adminCatalog.region.column.country'),
      render: (_value, region) => bothNames(english, region.countryNameZh, region.countryNameEn),
    },
    {
      key: 'city',
      title: t('adminCatalog.region.column.city'),
      render: (_value, region) => bothNames(english, region.cityNameZh, region.cityNameEn),
    },
    {
      key: 'plans',
      title: t('adminCatalog.region.column.plans'),
      dataIndex: 'plans',
      width: 90,
      align: 'right',
      render: (plans: number) => <span className={styles.number}>{plans}</span>,
    },
    {
      key: 'availableIps',
      title: t('adminCatalog.region.column.availableIps'),
      dataIndex: 'availableIps',
      width: 110,
      align: 'right',
      render: (count: number) => <span className={styles.number}>{count}</span>,
    },
    {
      key: 'sortOrder',
      title: t('adminCatalog.column.sortOrder'),
      dataIndex: 'sortOrder',
      width: 80,
      align: 'right',
      render: (order: number) => <span className={styles.number}>{order}</span>,
    },
  ];
  if (onEdit) {
    columns.push({
      key: 'actions',
      title: t('adminCatalog.actions'),
      width: 100,
      render: (_value, region) => (
        <Button
          type="link"
          size="small"
          aria-label={`${t('adminCatalog.edit')} ${regionCode(region)}`}
          onClick={() => onEdit(region)}
        >
          {t('adminCatalog.edit')}
        </Button>
      ),
    });
  }
  return (
    <Table<AdminRegion>
      rowKey="id"
      columns={columns}
      dataSource={regions ?? []}
      loading={loading}
      pagination={false}
      scroll={{ x: 860 }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('adminCatalog.region.empty')}
          />
        ),
      }}
    />
  );
}
