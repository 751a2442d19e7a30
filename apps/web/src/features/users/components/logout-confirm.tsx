import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logOut } from '../../auth/public.ts';

interface LogoutConfirmProps {
  open: boolean;
  onClose: () => void;
}

/** 确认退出登录？: the size and buttons of Ant Design's confirm, signing out on OK. */
export function LogoutConfirm({ open, onClose }: LogoutConfirmProps) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    // logOut ends on the portal's address; the dialog stays busy until the page goes.
    await logOut();
  };
  return (
    <Modal
      open={open}
      width={416}
      closable={false}
      title={t('users.logout.confirm')}
      okText={t('users.logout.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={leaving}
      onOk={() => void leave()}
      onCancel={onClose}
    />
  );
}
