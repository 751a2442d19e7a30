import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import type { ExportType } from '@stratus/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useExportInstances } from '../api.ts';

const typeLabels = {
  socks5: 'instances.list.exportSocks5',
  vmess: 'instances.list.exportVmess',
  all: 'instances.list.exportAll',
} as const satisfies Record<ExportType, string>;
const menuOrder: ExportType[] = ['socks5', 'vmess', 'all'];

/** Downloads the selected instances, or every active one when none is selected. */
export function ExportDropdown({ selectedIds }: { selectedIds: string[] }) {
  const { t } = useTranslation();
  const exportFile = useExportInstances();
  const items: MenuProps['items'] = [
    ...menuOrder.map((type) => ({ key: type, label: t(typeLabels[type]) })),
    { type: 'divider' as const },
    ...menuOrder.map((type) => ({
      key: `${type}:base64`,
      label: `${t(typeLabels[type])} · ${t('instances.list.exportSubscription')}`,
    })),
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const [type, encoding] = key.split(':') as [ExportType, string | undefined];
    const base64 = encoding === 'base64';
    exportFile.mutate({
      type,
      base64,
      ids: selectedIds,
      fileName: t('instances.list.exportFileName', { type: base64 ? `${type}-base64` : type }),
    });
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button
        icon={<ExportOutlined />}
        loading={exportFile.isPending}
        title={
          selectedIds.length
            ? t('instances.list.exportSelected', { count: selectedIds.length })
            : undefined
        }
      >
        {t('instances.list.export')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
