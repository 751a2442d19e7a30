import { InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import styles from './amount-picker.module.css';

interface AmountPickerProps {
  presets: number[];
  minAmount: number;
  maxAmount: number;
  /** Set by Form.Item. */
  value?: number | null;
  onChange?: (value: number | null) => void;
}

/** Preset amount cards plus a custom yuan amount; the form validates the value. */
export function AmountPicker({
  presets,
  minAmount,
  maxAmount,
  value,
  onChange,
}: AmountPickerProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(false);
  const selectedPreset = custom ? null : (value ?? null);

  const pickPreset = (amount: number) => {
    setCustom(false);
    onChange?.(amount);
  };

  return (
    <div>
      <div
        className={styles.presets}
        role="radiogroup"
        aria-label={t('wallet.recharge.amount.title')}
      >
        {presets.map((amount) => {
          const selected = selectedPreset === amount;
          return (
            <button
              key={amount}
              type="button"
              role="radio"
              aria-checked={selected}
              className={selected ? `${styles.preset} ${styles.selected}` : styles.preset}
              onClick={() => pickPreset(amount)}
            >
              <span className={styles.presetAmount}>{formatMoney(amount)}</span>
            </button>
          );
        })}
      </div>
      <div className={styles.custom}>
        <Typography.Text className={styles.customLabel}>
          {t('wallet.recharge.amount.custom')}
        </Typography.Text>
        <InputNumber<number>
          className={styles.input}
          prefix="¥"
          size="large"
          step={0.01}
          min={0}
          value={custom ? (value ?? null) : null}
          placeholder={t('wallet.recharge.amount.placeholder')}
          aria-label={t('wallet.recharge.amount.custom')}
          onChange={(next) => {
            setCustom(true);
            onChange?.(next);
          }}
        />
        <Typography.Text type="secondary">
          {t('wallet.recharge.amount.limits', {
            min: formatMoney(minAmount),
            max: formatMoney(maxAmount),
          })}
        </Typography.Text>
      </div>
    </div>
  );
}
