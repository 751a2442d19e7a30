import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  findPageRoute,
  menuGroups,
  menuRoutesOf,
  type MenuGroup,
  type MenuGroupKey,
  type MenuIconName,
  type PageRoute,
} from '../routes.ts';
import { menuIcons } from './menu-icons.ts';
import styles from './console-menu.module.css';

function MenuIcon({ name }: { name: MenuIconName }) {
  const Icon = menuIcons[name];
  return (
    <span className={styles.icon} aria-hidden="true">
      <Icon />
    </span>
  );
}

function MenuLink({ route, current }: { route: PageRoute; current: boolean }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link to={route.path} className={styles.item} aria-current={current ? 'page' : undefined}>
        {route.icon && <MenuIcon name={route.icon} />}
        <span className={styles.label}>{t(route.title)}</span>
      </Link>
    </li>
  );
}

interface MenuGroupEntryProps {
  group: MenuGroup;
  open: boolean;
  onToggle: () => void;
  currentKey: string | undefined;
}

function MenuGroupEntry({ group, open, onToggle, currentKey }: MenuGroupEntryProps) {
  const { t } = useTranslation();
  const listId = useId();
  const routes = menuRoutesOf(group.key);
  const holdsCurrent = routes.some((route) => route.menuKey === currentKey);
  return (
    <li className={holdsCurrent ? `${styles.group} ${styles.currentGroup}` : styles.group}>
      <button
        type="button"
        className={`${styles.item} ${styles.groupTitle}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
      >
        <MenuIcon name={group.icon} />
        {/* The console tour points at the groups by this mark (and highlights its `li`). */}
        <span className={styles.label} data-tour={group.key}>
          {t(group.title)}
        </span>
        <span className={styles.arrow} aria-hidden="true" />
      </button>
      <ul id={listId} className={styles.nested} hidden={!open}>
        {routes.map((route) => (
          <MenuLink key={route.path} route={route} current={route.menuKey === currentKey} />
        ))}
      </ul>
    </li>
  );
}

/**
 * The console's navigation, built from the route table: links (the current page marked with
 * aria-current), the groups' pages in lists a button folds. Every group starts open; folding one is
 * remembered while the menu stands, and the group of the page shown opens again when a page of it
 * is chosen. Plain elements drawn like Ant Design's inline menu: the console's frame loads none of
 * Ant Design for it (issue 18).
 */
export function ConsoleMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = findPageRoute(pathname);
  const [folded, setFolded] = useState<readonly MenuGroupKey[]>([]);
  // Arriving on a page of a folded group (from the recent pages, a link, the address bar) unfolds
  // it, so the current page is always in sight. Adjusted while rendering, not in an effect.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (current?.group && folded.includes(current.group)) {
      setFolded(folded.filter((key) => key !== current.group));
    }
  }
  const toggle = (key: MenuGroupKey) =>
    setFolded((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));

  return (
    <nav aria-label={t('common.menu')} className={styles.menu}>
      <ul className={styles.root}>
        {menuRoutesOf(undefined).map((route) => (
          <MenuLink key={route.path} route={route} current={route.menuKey === current?.menuKey} />
        ))}
        {menuGroups.map((group) => (
          <MenuGroupEntry
            key={group.key}
            group={group}
            open={!folded.includes(group.key)}
            onToggle={() => toggle(group.key)}
            currentKey={current?.menuKey}
          />
        ))}
      </ul>
    </nav>
  );
}
