import type { CardProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * The IP list page's two views, the instances and the allowlist, as the page card's tabs. The
 * view lives in the address (`?view=allowlist`) so a link or a reload lands on it.
 */
export function useIpListTabs(): {
  allowlist: boolean;
  cardProps: Pick<CardProps, 'tabList' | 'activeTabKey' | 'onTabChange'>;
} {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const allowlist = searchParams.get('view') === 'allowlist';
  return {
    allowlist,
    cardProps: {
      tabList: [
        { key: 'instances', label: t('access.tab.instances') },
        { key: 'allowlist', label: t('access.tab.allowlist') },
      ],
      activeTabKey: allowlist ? 'allowlist' : 'instances',
      onTabChange: (key) =>
        setSearchParams(
          (params) => {
            const next = new URLSearchParams(params);
            if (key === 'allowlist') next.set('view', 'allowlist');
            else next.delete('view');
            return next;
          },
          { replace: true },
        ),
    },
  };
}
