import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTopUpOptions } from '../api.ts';
import { OpenTopUpNotice } from '../components/open-top-up-notice.tsx';
import { RechargeForm } from '../components/recharge-form.tsx';
import { WalletBalanceCard } from '../components/wallet-balance-card.tsx';

export default function RechargePage() {
  const { t } = useTranslation();
  const options = useTopUpOptions();

  let body;
  if (options.data) body = <RechargeForm options={options.data} />;
  else if (options.isError) {
    body = (
      <Card>
        <Result
          status="warning"
          title={t('wallet.recharge.optionsFailed')}
          extra={
            <Button type="primary" onClick={() => void options.refetch()}>
              {t('wallet.recharge.retry')}
            </Button>
          }
        />
      </Card>
    );
  } else {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  return (
    <>
      <WalletBalanceCard />
      <OpenTopUpNotice />
      {body}
    </>
  );
}
