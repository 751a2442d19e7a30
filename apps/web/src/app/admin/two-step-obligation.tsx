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

/** The button that opens the profile at its two-step verification section. */
function EnableTwoStepButton({ onEnable }: { onEnable: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="primary" icon={<SafetyOutlined />} onClick={onEnable}>
      {t('admin.twoStep.enable')}
    </Button>
  );
}

/**
 * The profile opened at two-step verification, mounted by the layout rather than by the banner:
 * switching it on ends the obligation and takes the banner away, while the dialog stays to show
 * the recovery codes until they are saved.
 */
export function TwoStepProfile({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ProfileModal open={open} onClose={onClose} focusTwoStep />
    </Suspense>
  );
}

/** Above every page during the grace: how many days are left, and the way to switch it on. */
export function TwoStepBanner({ daysLeft, onEnable }: { daysLeft: number; onEnable: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      className={styles.twoStepBanner}
      type="warning"
      showIcon
      title={t('admin.twoStep.banner', { count: daysLeft })}
      description={t('admin.twoStep.bannerHint')}
      action={<EnableTwoStepButton onEnable={onEnable} />}
    />
  );
}

/** Instead of the page once the grace is over: the console opens again when it is on. */
export function TwoStepRequiredNotice({ onEnable }: { onEnable: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('admin.twoStep.requiredTitle')}
      subTitle={t('admin.twoStep.requiredHint')}
      extra={<EnableTwoStepButton onEnable={onEnable} />}
    />
  );
}
