import {
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { isStaffRole } from '@stratus/contract';
import { App, Avatar, Dropdown, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logOut } from '../../auth/public.ts';
import { ADMIN_HOME } from '../../../shared/paths.ts';
import { useMe } from '../api.ts';
import { initialsOf } from '../initials.ts';
import styles from './account-menu.module.css';

// The dialogs (forms, inputs, their rules) are fetched when first opened, not with every
// console page's header.
const ProfileModal = lazy(() =>
  import('./profile-modal.tsx').then((module) => ({ default: module.ProfileModal })),
);
const ChangePasswordModal = lazy(() =>
  import('./change-password-modal.tsx').then((module) => ({ default: module.ChangePasswordModal })),
);

type Dialog = 'profile' | 'password' | null;

const ADMIN_KEY = 'admin';

/**
 * Header account entry: the user's email with profile, password and sign-out, and for staff the
 * way into the operator console.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const me = useMe();
  const [dialog, setDialog] = useState<Dialog>(null);
  // A dialog once opened stays mounted, so it closes with its animation and keeps its state.
  const [opened, setOpened] = useState<ReadonlySet<Dialog>>(new Set());
  const openDialog = (key: Exclude<Dialog, null>) => {
    setOpened((previous) => new Set(previous).add(key));
    setDialog(key);
  };
  const navigate = useNavigate();

  const confirmLogout = () =>
    modal.confirm({
      title: t('users.logout.confirm'),
      okText: t('users.logout.ok'),
      cancelText: t('common.cancel'),
      onOk: logOut,
    });

  const staff = me.data !== undefined && isStaffRole(me.data.role);
  const items = [
    ...(staff
      ? [{ key: ADMIN_KEY, icon: <SafetyCertificateOutlined />, label: t('admin.openConsole') }]
      : []),
    { key: 'profile', icon: <UserOutlined />, label: t('users.menu.profile') },
    { key: 'password', icon: <LockOutlined />, label: t('users.menu.password') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('users.menu.logout'), danger: true },
  ];

  const profile = me.data;
  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'logout') confirmLogout();
            else if (key === ADMIN_KEY) navigate(ADMIN_HOME);
            else openDialog(key as Exclude<Dialog, null>);
          },
        }}
      >
        <button type="button" className={styles.trigger} data-testid="account-menu">
          <Avatar size={28} className={styles.avatar}>
            {profile ? initialsOf(profile.name, profile.email) : <UserOutlined />}
          </Avatar>
          {profile ? (
            <span className={styles.email}>{profile.email}</span>
          ) : (
            <Skeleton.Input active size="small" className={styles.skeleton} />
          )}
          <DownOutlined className={styles.caret} />
        </button>
      </Dropdown>
      <Suspense fallback={null}>
        {opened.has('profile') && (
          <ProfileModal open={dialog === 'profile'} onClose={() => setDialog(null)} />
        )}
        {opened.has('password') && (
          <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
}
