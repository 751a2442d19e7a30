import { LOW_BALANCE_THRESHOLD_MAX_YUAN } from '@stratus/contract';
import { Button, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './low-balance-field.module.css';

interface LowBalanceFieldProps {
  /** Yuan; null: off. */
  value: number | null;
  saving: boolean;
  onSave: (threshold: number | null) => Promise<unknown>;
}

/**
 * The low-balance mark: an amount in yuan under which the balance is mailed about once (until a
 * top-up lifts it above again); empty turns the mail off.
 */
export function LowBalanceField({ value, saving, onSave }: LowBalanceFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<number | null>(value);
  const changed = draft !== value;
  const save = async () => {
    try {
      await onSave(draft);
    } catch {
      // The client already toasted the refusal; the draft stays for the user to fix.
    }
  };

  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <InputNumber<number>
          className={styles.input}
          prefix="¥"
          min={0.01}
          max={LOW_BALANCE_THRESHOLD_MAX_YUAN}
          precision={2}
          step={10}
          value={draft}
          placeholder={t('users.lowBalance.off')}
          aria-label={t('users.lowBalance.label')}
          disabled={saving}
          onChange={(next) => setDraft(next ?? null)}
          onPressEnter={() => changed && void save()}
        />
        <Button disabled={!changed} loading={saving} onClick={() => void save()}>
          {t('users.lowBalance.save')}
        </Button>
      </div>
      <Typography.Text type="secondary" className={styles.hint}>
        {t('users.lowBalance.hint')}
      </Typography.Text>
    </div>
  );
}
