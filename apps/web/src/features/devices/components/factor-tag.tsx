import type { SecondFactorKind } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colours = { totp: 'green', recovery_code: 'orange', passkey: 'purple' } as const;

/** The factor a session was opened with (or tried at sign-in); "password only" without one. */
export function FactorTag({ factor }: { factor: SecondFactorKind | null }) {
  const { t } = useTranslation();
  if (factor === null) return <Tag>{t('devices.factor.none')}</Tag>;
  return <Tag color={colours[factor]}>{t(`devices.factor.${factor}`)}</Tag>;
}
