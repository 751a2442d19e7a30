import { isStaffRole } from '@stratus/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_HOME, SECURITY_PATH } from '../../../shared/paths.ts';
import { lazyWithAntd } from '../../../shared/ui/lazy-with-antd.tsx';
import { MENU_DIVIDER, MenuButton, type MenuButtonEntry } from '../../../shared/ui/menu-button.tsx';
import {
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  UserOutlined,
} from '../../../shared/ui/plain-icons.tsx';
import { PlainSkeleton } from '../../../shared/ui/plain-skeleton.tsx';
import { useMe } from '../api.ts';
import { initialsOf } from '../initials.ts';
import styles from './account-menu.module.css';

// The dialogs (Ant Design's modal, forms, inputs, their rules) are fetched when first opened, not
// with every console page's header, together with Ant Design's providers: the frame has none.
const ProfileModal = lazyWithAntd(() =>
  import('./profile-modal.tsx').then((module) => ({ default: module.ProfileModal })),
);
const ChangePasswordModal = lazyWithAntd(() =>
  import('./change-password-modal.tsx').then((module) => ({ default: module.ChangePasswordModal })),
);
const LogoutConfirm = lazyWithAntd(() =>
  import('./logout-confirm.tsx').then((module) => ({ default: module.LogoutConfirm })),
);

type Dialog = 'profile' | 'password' | 'logout';

const ADMIN_KEY = 'admin';
const SECURITY_KEY = 'security';
/** The address parameter that opens the profile (the server's security notices link with it). */
const PROFILE_PARAM = 'profile';

/**
 * Header account entry: the user's email with profile, password, account security and sign-out,
 * and for staff the way into the operator console. `securityPath` is the account security page of
 * the console the header belongs to (the operator console has its own).
 */
export function AccountMenu({ securityPath = SECURITY_PATH }: { securityPath?: string } = {}) {
  const { t } = useTranslation();
  const me = useMe();
  // A security notice mails a link to the console with `profile=1`: the profile opens with the
  // page (the state's first value), and the parameter leaves the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const profileAsked = searchParams.has(PROFILE_PARAM);
  const [askedForProfile] = useState(profileAsked);
  const [dialog, setDialog] = useState<Dialog | null>(askedForProfile ? 'profile' : null);
  // A dialog once opened stays mounted, so it closes with its animation and keeps its state.
  const [opened, setOpened] = useState<ReadonlySet<Dialog>>(
    new Set(askedForProfile ? ['profile'] : []),
  );
  const openDialog = (key: Dialog) => {
    setOpened((previous) => new Set(previous).add(key));
    setDialog(key);
  };
  const closeDialog = () => setDialog(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!profileAsked) return;
    setSearchParams(
      (params) => {
        params.delete(PROFILE_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [profileAsked, setSearchParams]);

  const staff = me.data !== undefined && isStaffRole(me.data.role);
  const items: MenuButtonEntry[] = [
    ...(staff
      ? [{ key: ADMIN_KEY, icon: <SafetyCertificateOutlined />, label: t('admin.openConsole') }]
      : []),
    { key: 'profile', icon: <UserOutlined />, label: t('users.menu.profile') },
    { key: 'password', icon: <LockOutlined />, label: t('users.menu.password') },
    { key: SECURITY_KEY, icon: <SafetyOutlined />, label: t('users.menu.security') },
    MENU_DIVIDER,
    { key: 'logout', icon: <LogoutOutlined />, label: t('users.menu.logout'), danger: true },
  ];

  const profile = me.data;
  return (
    <>
      <MenuButton
        className={styles.trigger}
        data-testid="account-menu"
        items={items}
        onSelect={(key) => {
          if (key === ADMIN_KEY) navigate(ADMIN_HOME);
          else if (key === SECURITY_KEY) navigate(securityPath);
          else openDialog(key as Dialog);
        }}
      >
        <span className={styles.avatar}>
          {profile ? initialsOf(profile.name, profile.email) : <UserOutlined />}
        </span>
        {profile ? (
          <span className={styles.email}>{profile.email}</span>
        ) : (
          <PlainSkeleton className={styles.skeleton} />
        )}
        <DownOutlined className={styles.caret} />
      </MenuButton>
      <Suspense fallback={null}>
        {opened.has('profile') && (
          <ProfileModal open={dialog === 'profile'} onClose={closeDialog} />
        )}
        {opened.has('password') && (
          <ChangePasswordModal open={dialog === 'password'} onClose={closeDialog} />
        )}
        {opened.has('logout') && <LogoutConfirm open={dialog === 'logout'} onClose={closeDialog} />}
      </Suspense>
    </>
  );
}
