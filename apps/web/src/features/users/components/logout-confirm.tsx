import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logOut } from '../../auth/public.ts';
import styles from './logout-confirm.module.css';

interface LogoutConfirmProps {
  open: boolean;
  onClose: () => void;
}

/** 确认退出登录？: the look of Ant Design's confirm, signing out on OK. */
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
      title={
        <span className={styles.title}>
          {/* Hidden from the dialog's name, which is the question. */}
          <ExclamationCircleFilled className={styles.warning} aria-hidden />
          {t('users.logout.confirm')}
        </span>
      }
      okText={t('users.logout.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={leaving}
      onOk={() => void leave()}
      onCancel={onClose}
    />
  );
}
