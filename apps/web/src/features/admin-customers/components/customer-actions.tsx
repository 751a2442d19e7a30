import { hasPermission, type AdminCustomerDetail, type Role } from '@stratus/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useSetCustomerStatus, useSignOutCustomer } from '../api.ts';
import { AdjustBalanceModal } from './adjust-balance-modal.tsx';
import { ReasonModal } from './reason-modal.tsx';

type Dialog = 'status' | 'signOut' | 'adjust' | null;

/** The actions the signed-in role may take on the customer; the others are not shown. */
export function CustomerActions({ customer, role }: { customer: AdminCustomerDetail; role: Role }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const setStatus = useSetCustomerStatus(customer.id);
  const signOut = useSignOutCustomer(customer.id);
  const close = () => setDialog(null);
  const manage = hasPermission(role, 'customers.manage');
  const adjust = hasPermission(role, 'balance.adjust');
  const disabling = customer.status === 'active';

  if (!manage && !adjust) return null;
  return (
    <>
      <Space wrap>
        {adjust && (
          <Button type="primary" onClick={() => setDialog('adjust')}>
            {t('adminCustomers.action.adjust')}
          </Button>
        )}
        {manage && (
          <Button onClick={() => setDialog('signOut')}>{t('adminCustomers.action.signOut')}</Button>
        )}
        {manage && (
          <Button danger={disabling} onClick={() => setDialog('status')}>
            {t(disabling ? 'adminCustomers.action.disable' : 'adminCustomers.action.enable')}
          </Button>
        )}
      </Space>
      {manage && (
        <ReasonModal
          open={dialog === 'status'}
          title={t(disabling ? 'adminCustomers.disable.title' : 'adminCustomers.enable.title', {
            email: customer.email,
          })}
          hint={t(disabling ? 'adminCustomers.disable.hint' : 'adminCustomers.enable.hint')}
          okText={t(disabling ? 'adminCustomers.action.disable' : 'adminCustomers.action.enable')}
          reasonRequired={disabling}
          danger={disabling}
          loading={setStatus.isPending}
          onClose={close}
          onSubmit={(reason) =>
            setStatus.mutate(
              { disable: disabling, reason },
              {
                onSuccess: () => {
                  showSuccessToast(
                    t(disabling ? 'adminCustomers.disable.done' : 'adminCustomers.enable.done'),
                  );
                  close();
                },
              },
            )
          }
        />
      )}
      {manage && (
        <ReasonModal
          open={dialog === 'signOut'}
          title={t('adminCustomers.signOut.title', { email: customer.email })}
          hint={t('adminCustomers.signOut.hint')}
          okText={t('adminCustomers.action.signOut')}
          reasonRequired={false}
          loading={signOut.isPending}
          onClose={close}
          onSubmit={(reason) =>
            signOut.mutate(
              { reason },
              {
                onSuccess: ({ revokedSessions }) => {
                  showSuccessToast(t('adminCustomers.signOut.done', { count: revokedSessions }));
                  close();
                },
              },
            )
          }
        />
      )}
      {adjust && (
        <AdjustBalanceModal customer={customer} open={dialog === 'adjust'} onClose={close} />
      )}
    </>
  );
}
