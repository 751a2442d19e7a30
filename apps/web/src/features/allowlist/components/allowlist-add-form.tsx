import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useAddAllowlistEntry, type NewAllowlistEntry } from '../api.ts';

/** Address and note; a button fills in the address the server sees this browser at. */
export function AllowlistAddForm({ yourAddress, full }: { yourAddress?: string; full: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewAllowlistEntry>();
  const add = useAddAllowlistEntry();
  return (
    <Form<NewAllowlistEntry>
      form={form}
      layout="inline"
      style={{ rowGap: 8 }}
      onFinish={(values) =>
        add.mutate(
          { address: values.address, note: values.note ?? '' },
          {
            onSuccess: () => {
              form.resetFields();
              showSuccessToast(t('access.allowlist.added'));
            },
          },
        )
      }
    >
      <Form.Item
        name="address"
        rules={[
          { required: true, whitespace: true, message: t('access.allowlist.addressRequired') },
        ]}
      >
        <Input
          aria-label={t('access.allowlist.address')}
          placeholder={t('access.allowlist.addressPlaceholder')}
          style={{ width: 240 }}
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="note">
        <Input
          aria-label={t('access.allowlist.note')}
          placeholder={t('access.allowlist.note')}
          style={{ width: 200 }}
          maxLength={100}
        />
      </Form.Item>
      <Form.Item>
        <Button disabled={!yourAddress} onClick={() => form.setFieldValue('address', yourAddress)}>
          {t('access.allowlist.useMyAddress')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} disabled={full}>
          {t('access.allowlist.add')}
        </Button>
      </Form.Item>
    </Form>
  );
}
