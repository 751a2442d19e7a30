import { AlipayCircleFilled, ExperimentOutlined, WechatFilled } from '@ant-design/icons';
import type { PaymentChannel } from '@stratus/contract';
import { Radio, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../locales/index.ts';
import styles from './channel-picker.module.css';

const channelLooks: Record<
  PaymentChannel,
  { icon: ReactNode; title: MessageKey; hint: MessageKey }
> = {
  sandbox: {
    icon: <ExperimentOutlined className={styles.sandboxIcon} />,
    title: 'payments.channel.sandbox',
    hint: 'wallet.recharge.channel.sandboxHint',
  },
  alipay: {
    icon: <AlipayCircleFilled className={styles.alipayIcon} />,
    title: 'payments.channel.alipay',
    hint: 'wallet.recharge.channel.alipayHint',
  },
  wechat: {
    icon: <WechatFilled className={styles.wechatIcon} />,
    title: 'payments.channel.wechat',
    hint: 'wallet.recharge.channel.wechatHint',
  },
};

interface ChannelPickerProps {
  channels: PaymentChannel[];
  /** Set by Form.Item. */
  value?: PaymentChannel;
  onChange?: (channel: PaymentChannel) => void;
}

/** The enabled payment channels as selectable cards. */
export function ChannelPicker({ channels, value, onChange }: ChannelPickerProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      className={styles.group}
      value={value}
      onChange={(event) => onChange?.(event.target.value as PaymentChannel)}
    >
      {channels.map((channel) => {
        const look = channelLooks[channel];
        return (
          <Radio
            key={channel}
            value={channel}
            className={value === channel ? `${styles.card} ${styles.selected}` : styles.card}
          >
            <span className={styles.body}>
              <span className={styles.icon}>{look.icon}</span>
              <span className={styles.text}>
                <Typography.Text strong>{t(look.title)}</Typography.Text>
                <Typography.Text type="secondary" className={styles.hint}>
                  {t(look.hint)}
                </Typography.Text>
              </span>
            </span>
          </Radio>
        );
      })}
    </Radio.Group>
  );
}
