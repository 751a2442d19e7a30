import { Button, Card, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RECHARGE_PATH } from '../../../shared/paths.ts';
import type { MessageKey } from '../../../locales/index.ts';

interface BackToRechargeResultProps {
  status: ResultProps['status'];
  title: MessageKey;
  description: MessageKey;
}

/** A payment that cannot go on (closed, expired, unknown): say so and lead back to top-up. */
export function BackToRechargeResult({ status, title, description }: BackToRechargeResultProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status={status}
        title={t(title)}
        subTitle={t(description)}
        extra={
          <Button type="primary" onClick={() => void navigate(RECHARGE_PATH)}>
            {t('payments.backToRecharge')}
          </Button>
        }
      />
    </Card>
  );
}
