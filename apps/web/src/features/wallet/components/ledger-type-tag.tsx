import type { LedgerEntryType } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ledgerTypeLooks } from '../ledger-types.ts';

export function LedgerTypeTag({ type }: { type: LedgerEntryType }) {
  const { t } = useTranslation();
  const look = ledgerTypeLooks[type];
  return (
    <Tag color={look.colour} variant="filled" data-type={type}>
      {t(look.label)}
    </Tag>
  );
}
