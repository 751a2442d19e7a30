import { Avatar, Divider, Modal, Skeleton, Tag, Typography } from 'antd';
import { formatDate } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { API_KEYS_PATH, WEBHOOKS_PATH } from '../../../shared/paths.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useMe, useUpdateMe } from '../api.ts';
import { initialsOf } from '../initials.ts';
import { NotificationPreferences } from '../../messages/public.ts';
import { ApiAccessSection } from './api-access-section.tsx';
import { ApiTokenField } from './api-token-field.tsx';
import { ChangeEmailSection } from './change-email-section.tsx';
import { EditableName } from './editable-name.tsx';
import { LowBalanceField } from './low-balance-field.tsx';
import { TwoStepSection } from './two-step-section.tsx';
import styles from './profile-modal.module.css';

interface ProfileModalProps {
  open: boolean;
  onClose: () => void;
  /** Scrolls to two-step verification on opening (the operator console's reminder opens it so). */
  focusTwoStep?: boolean;
}

/** 个人信息: who the user is, their API token and how to use it. */
export function ProfileModal({ open, onClose, focusTwoStep = false }: ProfileModalProps) {
  const { t } = useTranslation();
  const me = useMe();
  const updateMe = useUpdateMe();
  const [revealed, setRevealed] = useState(false);
  const navigate = useNavigate();
  const profile = me.data;
  const twoStepRef = useRef<HTMLDivElement>(null);
  const loaded = profile !== undefined;
  useEffect(() => {
    if (open && focusTwoStep && loaded) twoStepRef.current?.scrollIntoView?.({ block: 'start' });
  }, [open, focusTwoStep, loaded]);

  const saveName = async (name: string) => {
    await updateMe.mutateAsync({ name });
    showSuccessToast(t('users.profile.nameSaved'));
  };
  const saveLowBalance = async (lowBalanceThreshold: number | null) => {
    await updateMe.mutateAsync({ lowBalanceThreshold });
    showSuccessToast(
      t(lowBalanceThreshold === null ? 'users.lowBalance.switchedOff' : 'users.lowBalance.saved'),
    );
  };
  const close = () => {
    setRevealed(false);
    onClose();
  };

  return (
    <Modal open={open} title={t('users.profile.title')} footer={null} width={580} onCancel={close}>
      {!profile ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : (
        <div className={styles.body}>
          <div className={styles.identity}>
            <Avatar size={64} className={styles.avatar}>
              {initialsOf(profile.name, profile.email)}
            </Avatar>
            <div className={styles.who}>
              <EditableName value={profile.name} saving={updateMe.isPending} onSave={saveName} />
              <Typography.Text type="secondary">{profile.email}</Typography.Text>
            </div>
          </div>
          <dl className={styles.facts}>
            <dt>{t('users.profile.email')}</dt>
            <dd className={styles.emailCell}>
              <div className={styles.email}>
                <span>{profile.email}</span>
                <Tag color={profile.emailVerified ? 'green' : 'orange'}>
                  {t(
                    profile.emailVerified
                      ? 'users.emailStatus.verified'
                      : 'users.emailStatus.unverified',
                  )}
                </Tag>
              </div>
              <ChangeEmailSection />
            </dd>
            <dt>{t('users.profile.role')}</dt>
            <dd>
              <Tag color={profile.role === 'customer' ? 'blue' : 'gold'}>
                {t(`users.role.${profile.role}`)}
              </Tag>
            </dd>
            <dt>{withTimeZone(t('users.profile.memberSince'))}</dt>
            <dd>{formatDate(profile.createdAt)}</dd>
            {profile.role === 'customer' && (
              <>
                <dt>{t('users.lowBalance.label')}</dt>
                <dd>
                  <LowBalanceField
                    value={profile.lowBalanceThreshold}
                    saving={updateMe.isPending}
                    onSave={saveLowBalance}
                  />
                </dd>
              </>
            )}
            <dt>{t('users.token.label')}</dt>
            <dd>
              <ApiTokenField
                token={profile.apiToken}
                revealed={revealed}
                onRevealedChange={setRevealed}
              />
            </dd>
          </dl>
          <Divider className={styles.divider} />
          <div ref={twoStepRef}>
            <TwoStepSection />
          </div>
          <Divider className={styles.divider} />
          <ApiAccessSection
            token={profile.apiToken}
            revealed={revealed}
            onOpenWebhooks={
              profile.role === 'customer'
                ? () => {
                    close();
                    navigate(WEBHOOKS_PATH);
                  }
                : undefined
            }
            onOpenApiKeys={
              profile.role === 'customer'
                ? () => {
                    close();
                    navigate(API_KEYS_PATH);
                  }
                : undefined
            }
          />
          <Divider className={styles.divider} />
          <Typography.Title level={5}>{t('messages.preferences.title')}</Typography.Title>
          <NotificationPreferences />
        </div>
      )}
    </Modal>
  );
}
