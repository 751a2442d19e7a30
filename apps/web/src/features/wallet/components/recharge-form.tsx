import type { PaymentChannel, TopUpOptions } from '@stratus/contract';
import { Alert, Card, Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { browserNavigation } from '../../../shared/browser.ts';
import { rememberPendingPayment } from '../../payments/public.ts';
import { useCreateTopUp, useWallet } from '../api.ts';
import { isPayableAmount, topUpAmountProblem } from '../top-up-amount.ts';
import { AmountPicker } from './amount-picker.tsx';
import { ChannelPicker } from './channel-picker.tsx';
import { RechargeSummary } from './recharge-summary.tsx';
import styles from './recharge-form.module.css';

interface RechargeValues {
  amount: number | null;
  channel: PaymentChannel;
}

interface RechargeFormProps {
  options: TopUpOptions;
}

/** Amount and channel on the left, the summary with the pay button on the right. */
export function RechargeForm({ options }: RechargeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RechargeValues>();
  const wallet = useWallet();
  const createTopUp = useCreateTopUp();
  const amount = Form.useWatch('amount', form);
  const channel = Form.useWatch('channel', form);
  const payableAmount = isPayableAmount(amount, options) ? amount : null;

  const pay = ({ amount: value, channel: chosen }: RechargeValues) => {
    if (value === null) return;
    createTopUp.mutate(
      { amount: value, channel: chosen },
      {
        onSuccess: ({ paymentId, payUrl }) => {
          rememberPendingPayment(paymentId);
          // The sandbox cashier is a page of this app; a provider's cashier is another site.
          if (payUrl.startsWith('/')) void navigate(payUrl);
          else browserNavigation.assign(payUrl);
        },
      },
    );
  };

  return (
    <Form<RechargeValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        amount: options.presets[1] ?? options.presets[0] ?? null,
        channel: options.channels[0],
      }}
      onFinish={pay}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card className={styles.card}>
            <Form.Item
              name="amount"
              label={<span className={styles.section}>{t('wallet.recharge.amount.title')}</span>}
              rules={[
                {
                  validator: async (_, value: number | null | undefined) => {
                    const problem = topUpAmountProblem(value, options, t);
                    if (problem) throw new Error(problem);
                  },
                },
              ]}
            >
              <AmountPicker
                presets={options.presets}
                minAmount={options.minAmount}
                maxAmount={options.maxAmount}
              />
            </Form.Item>
            <Form.Item
              name="channel"
              label={<span className={styles.section}>{t('wallet.recharge.channel.title')}</span>}
              className={styles.channels}
            >
              {options.channels.length > 0 ? (
                <ChannelPicker channels={options.channels} />
              ) : (
                <Alert type="warning" showIcon title={t('wallet.recharge.channel.none')} />
              )}
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <RechargeSummary
            amount={payableAmount}
            channel={channel}
            balance={wallet.data?.wallet.balance}
            paying={createTopUp.isPending}
            disabled={options.channels.length === 0}
          />
        </Col>
      </Row>
    </Form>
  );
}
