import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import type { ExportType } from '@stratus/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportInstances } from '../api.ts';

const typeLabels = {
  socks5: 'instances.list.exportSocks5',
  http: 'instances.list.exportHttp',
  vmess: 'instances.list.exportVmess',
  all: 'instances.list.exportAll',
  'ip-port-user-pass': 'instances.list.exportIpPortUserPass',
  'user-pass-at-ip-port': 'instances.list.exportUserPassAtIpPort',
  csv: 'instances.list.exportCsv',
} as const satisfies Record<ExportType, string>;
const menuOrder: ExportType[] = [
  'socks5',
  'http',
  'vmess',
  'all',
  'ip-port-user-pass',
  'user-pass-at-ip-port',
  'csv',
];
/** The share-link formats proxy clients import as a base64 subscription. */
const subscriptionOrder: ExportType[] = ['socks5', 'vmess', 'all'];

/** Downloads the selected instances, or every active one when none is selected. */
export function ExportDropdown({ selectedIds }: { selectedIds: string[] }) {
  const { t } = useTranslation();
  const exportFile = useExportInstances();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Closed with Escape or by choosing an entry, the menu leaves the focus on the page's body and
  // a keyboard user would start again from the top: it goes back to the button instead.
  const onOpenChange = (open: boolean) => {
    if (open) return;
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body || focused.closest('.ant-dropdown'))
        buttonRef.current?.focus();
    });
  };
  const items: MenuProps['items'] = [
    ...menuOrder.map((type) => ({ key: type, label: t(typeLabels[type]) })),
    { type: 'divider' as const },
    ...subscriptionOrder.map((type) => ({
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
      fileName:
        type === 'csv'
          ? t('instances.list.exportCsvFileName')
          : t('instances.list.exportFileName', { type: base64 ? `${type}-base64` : type }),
    });
  };
  return (
    // autoFocus: opened from the keyboard, the menu takes the focus so the arrows walk it.
    <Dropdown menu={{ items, onClick }} trigger={['click']} autoFocus onOpenChange={onOpenChange}>
      <Button
        ref={buttonRef}
        icon={<ExportOutlined />}
        loading={exportFile.isPending}
        title={
          selectedIds.length
            ? t('instances.list.exportSelected', { count: selectedIds.length })
            : undefined
        }
      >
        {selectedIds.length
          ? t('instances.list.exportSelectedCount', { count: selectedIds.length })
          : t('instances.list.export')}{' '}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
