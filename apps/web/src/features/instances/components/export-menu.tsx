import type { ExportType } from '@stratus/contract';
import { Dropdown, type MenuProps } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

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

interface ExportMenuProps {
  onChoose: (choice: { type: ExportType; base64: boolean }) => void;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the menu; the menu mounts open, from the click that loaded it. */
  children: ReactElement;
}

/** The export formats, as a menu under the export button (export-dropdown.tsx). */
export function ExportMenu({ onChoose, onOpenChange, children }: ExportMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
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
    onChoose({ type, base64: encoding === 'base64' });
  };
  return (
    // autoFocus: opened from the keyboard, the menu takes the focus so the arrows walk it.
    <Dropdown
      menu={{ items, onClick }}
      trigger={['click']}
      autoFocus
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        onOpenChange(next);
      }}
    >
      {children}
    </Dropdown>
  );
}
