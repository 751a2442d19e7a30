import { apiKeyScopes, API_KEY_SOURCES_MAX, type ApiKeyScope } from '@stratus/contract';
import { Checkbox, Form, Input, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { businessNow, wallClockToIso } from '../../../shared/format/date.ts';
import { BusinessDatePicker } from '../../../shared/ui/business-date-picker.ts';
import { useCreateApiKey } from '../api.ts';
import styles from './create-api-key-modal.module.css';

interface ApiKeyForm {
  name: string;
  scopes: ApiKeyScope[];
  sources?: string;
  expiresOn?: Dayjs | null;
}

/** The lines of the sources box: one address or block each, blanks left out. */
export function sourceLines(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Makes a key; `onCreated` then shows it, this once. */
export function CreateApiKeyModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApiKeyForm>();
  const create = useCreateApiKey();

  const save = ({ name, scopes, sources, expiresOn }: ApiKeyForm) => {
    create.mutate(
      {
        name: name.trim(),
        // In the contract's order, as the server lists them.
        scopes: apiKeyScopes.filter((scope) => scopes.includes(scope)),
        allowedSources: sourceLines(sources),
        // The end of the chosen business day.
        expiresAt: expiresOn ? wallClockToIso(expiresOn.endOf('day')) : null,
      },
      {
        onSuccess: (created) => {
          onClose();
          onCreated(created.key);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('apiKeys.createTitle')}
      okText={t('apiKeys.createSubmit')}
      cancelText={t('apiKeys.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={560}
      destroyOnHidden
    >
      <Form<ApiKeyForm>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ name: '', scopes: ['read'], sources: '', expiresOn: null }}
      >
        <Form.Item
          name="name"
          label={t('apiKeys.name')}
          rules={[{ required: true, whitespace: true, message: t('apiKeys.nameRequired') }]}
        >
          <Input maxLength={64} placeholder={t('apiKeys.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('apiKeys.scopes')}
          rules={[{ type: 'array', min: 1, message: t('apiKeys.scopesRequired') }]}
        >
          <Checkbox.Group className={styles.scopes}>
            {apiKeyScopes.map((scope) => (
              <Checkbox key={scope} value={scope} className={styles.scope}>
                <span className={styles.scopeName}>{t(`apiKeys.scope.${scope}`)}</span>
                <Typography.Text type="secondary" className={styles.scopeHint}>
                  {t(`apiKeys.scopeHint.${scope}`)}
                </Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Typography.Paragraph type="secondary" className={styles.never}>
          {t('apiKeys.neverAccount')}
        </Typography.Paragraph>
        <Form.Item
          name="sources"
          label={t('apiKeys.sources')}
          extra={t('apiKeys.sourcesHint')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                sourceLines(value).length <= API_KEY_SOURCES_MAX
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t('apiKeys.sourcesTooMany', { max: API_KEY_SOURCES_MAX })),
                    ),
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={'203.0.113.7\n198.51.100.0/24'}
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item name="expiresOn" label={t('apiKeys.expiresOn')} extra={t('apiKeys.expiresHint')}>
          <BusinessDatePicker
            className={styles.date}
            placeholder={t('apiKeys.never')}
            disabledDate={(day) => day.isBefore(businessNow(), 'day')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
