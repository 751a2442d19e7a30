import {
  staffRoles,
  type EndpointData,
  type addStaffMember,
  type StaffRole,
} from '@stratus/contract';
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRules } from '../../../shared/form/credential-rules.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { useAddStaffMember } from '../api.ts';
import styles from './add-staff-modal.module.css';

interface AddStaffModalProps {
  open: boolean;
  onClose: () => void;
}

interface AddStaffForm {
  email: string;
  role: StaffRole;
}

/**
 * 添加员工: an email and a role. An existing account gets the role; an unknown email gets a new
 * account whose generated password is shown here once (it lives only in this modal's state and
 * is dropped on close).
 */
export function AddStaffModal({ open, onClose }: AddStaffModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddStaffForm>();
  const addStaff = useAddStaffMember();
  const [added, setAdded] = useState<EndpointData<typeof addStaffMember> | null>(null);

  const close = () => {
    // The form is not mounted while the outcome shows; it was reset when the outcome arrived.
    if (!added) form.resetFields();
    setAdded(null);
    addStaff.reset();
    onClose();
  };
  const submit = (values: AddStaffForm) =>
    addStaff.mutate(values, {
      onSuccess: (outcome) => {
        form.resetFields();
        setAdded(outcome);
      },
    });

  const role = added ? t(`users.role.${added.member.role}`) : '';
  return (
    <Modal
      open={open}
      title={t('adminStaff.add')}
      onCancel={close}
      destroyOnHidden
      footer={
        added ? (
          <Button type="primary" onClick={close}>
            {t('adminStaff.form.done')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="primary" loading={addStaff.isPending} onClick={() => form.submit()}>
              {t('adminStaff.form.submit')}
            </Button>
          </>
        )
      }
    >
      {added ? (
        <div className={styles.outcome}>
          <Alert
            type="success"
            showIcon
            title={t(
              added.accountCreated ? 'adminStaff.added.created' : 'adminStaff.added.existing',
              {
                email: added.member.email,
                role,
              },
            )}
          />
          {added.generatedPassword && (
            <>
              <div className={styles.password}>
                <span>{t('adminStaff.added.password')}</span>
                <Typography.Text code data-testid="generated-password">
                  {added.generatedPassword}
                </Typography.Text>
                <CopyButton
                  text={added.generatedPassword}
                  label={t('adminStaff.added.copyPassword')}
                />
              </div>
              <Alert type="warning" showIcon title={t('adminStaff.added.passwordOnce')} />
            </>
          )}
        </div>
      ) : (
        <Form<AddStaffForm>
          form={form}
          layout="vertical"
          initialValues={{ role: 'support' }}
          onFinish={submit}
          requiredMark={false}
        >
          <Form.Item name="email" label={t('adminStaff.form.email')} rules={emailRules(t)}>
            <Input autoComplete="off" placeholder={t('adminStaff.form.emailPlaceholder')} />
          </Form.Item>
          <Form.Item name="role" label={t('adminStaff.form.role')}>
            <Select<StaffRole>
              options={staffRoles.map((value) => ({ value, label: t(`users.role.${value}`) }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
