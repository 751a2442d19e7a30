import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsoleMenu } from './console-menu.tsx';
import styles from './console-layout.module.css';

interface MenuDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The menu on narrow screens: a drawer from the left, behind the header's menu button. */
export function MenuDrawer({ open, onClose }: MenuDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={280}
      title={t('common.menu')}
      className={styles.menuDrawer}
    >
      <ConsoleMenu />
    </Drawer>
  );
}
