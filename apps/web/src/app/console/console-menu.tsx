import { Menu, theme, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  findPageRoute,
  findRouteByMenuKey,
  menuGroups,
  menuRoutesOf,
  type MenuIconName,
} from '../routes.ts';
import { menuIcons } from './menu-icons.ts';

const ICON_SIZE = 16;
const INACTIVE_ICON_COLOUR = '#8c8c8c';
const openKeys = menuGroups.map((group) => group.key);
// The seed menu is always expanded: no arrows, and collapsing does nothing.
const hideExpandIcon = () => null;
const keepExpanded = () => undefined;

/** Inline menu built from the route table; the selection follows the route's menu key. */
export function ConsoleMenu() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const current = findPageRoute(location.pathname);
  const selectedKey = current?.menuKey;

  const icon = (name: MenuIconName, active: boolean) => {
    const Icon = menuIcons[name];
    return (
      <Icon
        style={{ fontSize: ICON_SIZE, color: active ? token.colorPrimary : INACTIVE_ICON_COLOUR }}
      />
    );
  };
  const leaves = (group: Parameters<typeof menuRoutesOf>[0]) =>
    menuRoutesOf(group).map((route) => ({
      key: route.menuKey as string,
      label: t(route.title),
      icon: route.icon ? icon(route.icon, route.menuKey === selectedKey) : undefined,
    }));

  const items: MenuProps['items'] = [
    ...leaves(undefined),
    ...menuGroups.map((group) => ({
      key: group.key,
      // The console tour points at the groups by this mark.
      label: <span data-tour={group.key}>{t(group.title)}</span>,
      icon: icon(group.icon, current?.group === group.key),
      children: leaves(group.key),
    })),
  ];

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      openKeys={openKeys}
      onOpenChange={keepExpanded}
      expandIcon={hideExpandIcon}
      inlineIndent={20}
      onClick={({ key }) => {
        const route = findRouteByMenuKey(key);
        if (route) navigate(route.path);
      }}
    />
  );
}
