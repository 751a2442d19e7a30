import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminRoute } from './admin-routes.ts';

interface AdminMenuProps {
  entries: readonly AdminRoute[];
  /** The entry to highlight: the route's own path or the list it belongs to. */
  selectedPath: string | undefined;
  onOpen: (path: string) => void;
}

/** The operator console's page menu, the same in the side column and in the phone's drawer. */
export function AdminMenu({ entries, selectedPath, onOpen }: AdminMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu
      mode="inline"
      selectedKeys={selectedPath ? [selectedPath] : []}
      items={entries.map((entry) => {
        const Icon = entry.icon;
        return { key: entry.path, label: t(entry.title), icon: Icon ? <Icon /> : undefined };
      })}
      onClick={({ key }) => onOpen(key)}
    />
  );
}
