import type { WebhookEndpoint, WebhookEvent } from '@stratus/contract';
import { webhookEvents } from '@stratus/contract';
import { Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useCreateWebhook, useUpdateWebhook } from '../api.ts';
import { webhookEventGroups } from '../event-groups.ts';
import styles from './webhook-modal.module.css';

interface WebhookForm {
  url: string;
  events: WebhookEvent[];
}

/** Whether `text` is a whole http(s) address without credentials (the server checks it again). */
function isWebhookUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * Adds an endpoint (`endpoint` null; `onCreated` then shows its secret) or changes one; open while
 * `open`.
 */
export function WebhookModal({
  open,
  endpoint,
  onClose,
  onCreated,
}: {
  open: boolean;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WebhookForm>();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const chosen = Form.useWatch('events', form) ?? [];

  useEffect(() => {
    if (open) {
      form.setFieldsValue({ url: endpoint?.url ?? '', events: endpoint?.events ?? [] });
    }
  }, [open, endpoint, form]);

  const save = ({ url, events }: WebhookForm) => {
    const body = { url: url.trim(), events };
    if (endpoint) {
      update.mutate(
        { id: endpoint.id, changes: body },
        {
          onSuccess: () => {
            showSuccessToast(t('webhooks.saved'));
            onClose();
          },
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          onClose();
          onCreated(created.secret);
        },
      });
    }
  };

  const all = chosen.length === webhookEvents.length;
  return (
    <Modal
      open={open}
      title={t(endpoint ? 'webhooks.editTitle' : 'webhooks.addTitle')}
      okText={t('webhooks.save')}
      cancelText={t('webhooks.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={620}
      destroyOnHidden
    >
      <Form<WebhookForm> form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="url"
          label={t('webhooks.url')}
          extra={t('webhooks.urlHint')}
          rules={[
            { required: true, whitespace: true, message: t('webhooks.urlRequired') },
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || isWebhookUrl(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('webhooks.urlInvalid'))),
            },
          ]}
        >
          <Input placeholder="https://example.com/hooks/stratus" inputMode="url" maxLength={2048} />
        </Form.Item>
        <Form.Item label={t('webhooks.events')} required>
          <Checkbox
            className={styles.selectAll}
            checked={all}
            indeterminate={chosen.length > 0 && !all}
            onChange={(event) =>
              form.setFieldValue('events', event.target.checked ? [...webhookEvents] : [])
            }
          >
            {t('webhooks.selectAll')}
          </Checkbox>
          <Form.Item
            name="events"
            noStyle
            rules={[{ type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}
          >
            <Checkbox.Group className={styles.groups}>
              {webhookEventGroups.map((group) => (
                <fieldset key={group.category} className={styles.group}>
                  <Typography.Text type="secondary" className={styles.groupTitle}>
                    <legend>{t(`messages.category.${group.category}`)}</legend>
                  </Typography.Text>
                  {group.events.map((event) => (
                    <Checkbox key={event} value={event} className={styles.event}>
                      {t(`webhooks.event.${event}`)}
                      <code className={styles.eventId}>{event}</code>
                    </Checkbox>
                  ))}
                </fieldset>
              ))}
            </Checkbox.Group>
          </Form.Item>
        </Form.Item>
      </Form>
    </Modal>
  );
}
