import type { TourProps } from 'antd';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCompleteTour, useMe } from '../../features/users/api.ts';
import {
  BUY_STATIC_IP_PATH,
  BUY_TRAFFIC_PATH,
  CHECKOUT_PATH,
  DYNAMIC_IP_PATH,
  LINE_BUY_PATH,
  RECHARGE_PATH,
  ROUTER_BUY_PATH,
} from '../../shared/paths.ts';
import { FIRST_VISIT_FLAG } from '../../shared/session.ts';
import { lazyWithAntd } from '../../shared/ui/lazy-with-antd.tsx';
import type { MenuGroupKey } from '../routes.ts';
import { TourOffer } from './tour-offer.tsx';

// Regulars never see the tour: its component is fetched only when it opens, with Ant Design's
// providers (the frame has none).
const Tour = lazyWithAntd(() => import('./tour-component.ts'));

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

/**
 * Whether this browser session has not opened the tour yet (the seed's `isFirst` flag is absent):
 * a reload while the tour is open, or a failed save of its completion, does not bring it back
 * within the session. Browser journeys set the flag to keep the tour out of their way.
 */
function isFirstVisit(): boolean {
  try {
    return sessionStorage.getItem(FIRST_VISIT_FLAG) === null;
  } catch {
    // Storage refused (privacy mode): never nag.
    return false;
  }
}

/**
 * Accounts younger than this are new: the tour is for them, not for regulars (accounts from before
 * the tour was remembered on the account have not completed it, and need no tour either).
 */
export const NEW_ACCOUNT_DAYS = 7;

function isNewAccount(createdAt: string): boolean {
  return Date.now() - Date.parse(createdAt) < NEW_ACCOUNT_DAYS * 86_400_000;
}

/**
 * Pages where a person spends money: the tour is never offered over them (a purchase in progress
 * is not the moment for a tour, and an open one covered the shop).
 */
const PURCHASE_PATHS: ReadonlySet<string> = new Set([
  BUY_STATIC_IP_PATH,
  DYNAMIC_IP_PATH,
  BUY_TRAFFIC_PATH,
  RECHARGE_PATH,
  CHECKOUT_PATH,
  LINE_BUY_PATH,
  ROUTER_BUY_PATH,
]);

export function isPurchasePage(pathname: string): boolean {
  return PURCHASE_PATHS.has(pathname.replace(/\/+$/, ''));
}

/**
 * A short tour of the console for a new account that has not finished or declined it yet. It is
 * offered, never imposed: a small card in the corner asks (never on a purchase page), and only
 * "take the tour" opens it. Finishing, closing or declining it is saved on the account, so it
 * never returns, in this browser or any other.
 */
export function ConsoleTour() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useMe();
  const completeTour = useCompleteTour();
  // Read once per mount: the flag this component sets must not close the offer it showed.
  const [firstVisit] = useState(isFirstVisit);
  const [dismissed, setDismissed] = useState(false);
  const [started, setStarted] = useState(false);
  const eligible =
    firstVisit &&
    !dismissed &&
    !!me.data &&
    !me.data.tourCompleted &&
    isNewAccount(me.data.createdAt);
  const offered = eligible && !started && !isPurchasePage(pathname);
  const open = eligible && started;

  // Once open, the tour stays mounted: it closes with its animation.
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);

  // Finishing calls both onFinish and onClose: save once.
  const saved = useRef(false);
  const complete = () => {
    setDismissed(true);
    if (saved.current) return;
    saved.current = true;
    completeTour.mutate();
  };

  useEffect(() => {
    if (!offered) return;
    try {
      sessionStorage.setItem(FIRST_VISIT_FLAG, '1');
    } catch {
      // Nothing to remember it in: it shows once per page load at most.
    }
  }, [offered]);

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

  if (offered) {
    return <TourOffer onStart={() => setStarted(true)} onDismiss={complete} />;
  }
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Tour
        open={open}
        steps={steps}
        onClose={complete}
        onFinish={complete}
        indicatorsRender={(current, total) => `${current + 1} / ${total}`}
      />
    </Suspense>
  );
}
