import { Tour, type TourProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/users/api.ts';
import { FIRST_VISIT_FLAG } from '../../shared/session.ts';
import type { MenuGroupKey } from '../routes.ts';

// A step whose target is missing is shown centred; the Tour's type cannot say "or null".
type TourTarget = () => HTMLElement;

// Elements the tour points at carry `data-tour`: the layout's menu, the header's balance and
// account entries, and each menu group's label (its whole submenu is highlighted).
function target(name: string): TourTarget {
  return () => document.querySelector<HTMLElement>(`[data-tour="${name}"]`) as HTMLElement;
}

function menuGroup(key: MenuGroupKey): TourTarget {
  return () =>
    document
      .querySelector<HTMLElement>(`[data-tour="${key}"]`)
      ?.closest<HTMLElement>('li') as HTMLElement;
}

/** Whether this session has not shown the tour yet (the seed's `isFirst` flag is absent). */
function isFirstVisit(): boolean {
  try {
    return sessionStorage.getItem(FIRST_VISIT_FLAG) === null;
  } catch {
    // Storage refused (privacy mode): never nag.
    return false;
  }
}

/** Accounts younger than this are new: the tour is for them, not for regulars. */
export const NEW_ACCOUNT_DAYS = 7;

function isNewAccount(createdAt: string): boolean {
  return Date.now() - Date.parse(createdAt) < NEW_ACCOUNT_DAYS * 86_400_000;
}

/**
 * A short tour of the console on the first console visit of a browser session, for new accounts.
 * The flag is set the moment the tour opens, so a reload, closing or finishing never brings it
 * back; sign-out clears session storage, so the next sign-in of a new account shows it again.
 */
export function ConsoleTour() {
  const { t } = useTranslation();
  const me = useMe();
  // Read once per mount: the flag this component sets must not close the tour it opened.
  const [firstVisit] = useState(isFirstVisit);
  const [dismissed, setDismissed] = useState(false);
  const open = firstVisit && !dismissed && !!me.data && isNewAccount(me.data.createdAt);

  useEffect(() => {
    if (!open) return;
    try {
      sessionStorage.setItem(FIRST_VISIT_FLAG, '1');
    } catch {
      // Nothing to remember it in: it shows once per page load at most.
    }
  }, [open]);

  const steps: TourProps['steps'] = [
    {
      title: t('nav.tour.menu.title'),
      description: t('nav.tour.menu.description'),
      target: target('menu'),
      placement: 'right',
    },
    {
      title: t('nav.tour.ip.title'),
      description: t('nav.tour.ip.description'),
      target: menuGroup('/buyDynamicIP'),
      placement: 'right',
    },
    {
      title: t('nav.tour.traffic.title'),
      description: t('nav.tour.traffic.description'),
      target: menuGroup('/buyTrafficFlow'),
      placement: 'right',
    },
    {
      title: t('nav.tour.balance.title'),
      description: t('nav.tour.balance.description'),
      target: target('balance'),
      placement: 'bottom',
    },
    {
      title: t('nav.tour.account.title'),
      description: t('nav.tour.account.description'),
      target: target('account'),
      placement: 'bottomRight',
    },
  ];

  return (
    <Tour
      open={open}
      steps={steps}
      onClose={() => setDismissed(true)}
      onFinish={() => setDismissed(true)}
      indicatorsRender={(current, total) => `${current + 1} / ${total}`}
    />
  );
}
