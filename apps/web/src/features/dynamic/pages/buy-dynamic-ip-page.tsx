import { Button, Card, Col, Result, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { SubUsersCard } from '../../sub-users/public.ts';
import { useDynamicAccount, useGenerateDynamicEndpoints, useResetDynamicPassword } from '../api.ts';
import { DynamicAccountCard } from '../components/dynamic-account-card.tsx';
import { EndpointGenerator } from '../components/endpoint-generator.tsx';
import { GeneratedEndpoints } from '../components/generated-endpoints.tsx';
import { UsernameHelp } from '../components/username-help.tsx';

export default function BuyDynamicIpPage() {
  const { t } = useTranslation();
  const account = useDynamicAccount();
  const resetPassword = useResetDynamicPassword();
  const generate = useGenerateDynamicEndpoints();

  if (account.isError) {
    return (
      <Result
        status="warning"
        title={t('dynamic.account.failed')}
        extra={<Button onClick={() => void account.refetch()}>{t('dynamic.account.retry')}</Button>}
      />
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <DynamicAccountCard
          account={account.data}
          resetting={resetPassword.isPending}
          onResetPassword={() =>
            resetPassword.mutate(undefined, {
              onSuccess: () => {
                // Lines made with the old password no longer work.
                generate.reset();
                showSuccessToast(t('dynamic.account.passwordReset'));
              },
            })
          }
        />
      </Col>
      <Col xs={24} xl={15}>
        <EndpointGenerator
          countries={account.data?.countries ?? []}
          generating={generate.isPending}
          onGenerate={(query) => generate.mutate(query)}
        />
      </Col>
      <Col xs={24} xl={9}>
        <Card title={t('dynamic.help.title')}>
          <UsernameHelp account={account.data?.account ?? 'account'} />
        </Card>
      </Col>
      {generate.data && (
        <Col span={24}>
          <GeneratedEndpoints lines={generate.data.items} />
        </Col>
      )}
      <Col span={24}>
        <SubUsersCard />
      </Col>
    </Row>
  );
}
