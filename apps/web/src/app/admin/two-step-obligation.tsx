import { SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/users/api.ts';
import { lazyWithAntd } from '../../shared/ui/lazy-with-antd.tsx';
import styles from './admin-layout.module.css';

const ProfileModal = lazyWithAntd(() =>
  import('../../features/users/components/profile-modal.tsx').then((module) => ({
    default: module.ProfileModal,
  })),
);

const DAY_MS = 24 * 3600 * 1000;

/** Now, again every minute: the countdown moves on and the deadline passes while a page stays open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Staff of a role that must use two-step verification (`STAFF_2FA_ROLES`) and have not switched it
 * on: the days left of their grace (at least 1), or `expired` once the server refuses the console.
 * Null when nothing is asked of them.
 */
export function useTwoStepObligation(): { daysLeft: number; expired: boolean } | null {
  const requiredBy = useMe().data?.twoStepRequiredBy;
  const now = useMinuteClock();
  if (!requiredBy) return null;
  const left = Date.parse(requiredBy) - now;
  return { daysLeft: Math.max(1, Math.ceil(left / DAY_MS)), expired: left <= 0 };
}

/** Opens the profile at its two-step verification section. */
function EnableTwoStepButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        type="primary"
        icon={<SafetyOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('admin.twoStep.enable')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ProfileModal open={open} onClose={() => setOpen(false)} focusTwoStep />
        </Suspense>
      )}
    </>
  );
}

/** Above every page during the grace: how many days are left, and the way to switch it on. */
export function TwoStepBanner({ daysLeft }: { daysLeft: number }) {
  const { t } = useTranslation();
  return (
    <Alert
      className={styles.twoStepBanner}
      type="warning"
      showIcon
      title={t('admin.twoStep.banner', { count: daysLeft })}
      description={t('admin.twoStep.bannerHint')}
      action={<EnableTwoStepButton />}
    />
  );
}

/** Instead of the page once the grace is over: the console opens again when it is on. */
export function TwoStepRequiredNotice() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('admin.twoStep.requiredTitle')}
      subTitle={t('admin.twoStep.requiredHint')}
      extra={<EnableTwoStepButton />}
    />
  );
}
