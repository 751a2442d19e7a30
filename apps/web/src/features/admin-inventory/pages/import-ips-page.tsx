import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ImportAdminIpsBody, IpImportResult } from '@stratus/contract';
import { Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_IPS_PATH } from '../../../shared/paths.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useAdminIpOverview, useImportIps } from '../api.ts';
import { ImportForm, toImportBody, type ImportFormValues } from '../components/import-form.tsx';
import { ImportPreview } from '../components/import-preview.tsx';
import styles from './import-ips-page.module.css';

/**
 * Import addresses: fill the form, preview (a dry run, every line checked, nothing written),
 * then apply exactly what was previewed. Editing the form drops the preview.
 */
export default function ImportIpsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ImportFormValues>();
  const overview = useAdminIpOverview();
  const importIps = useImportIps();
  const [previewed, setPreviewed] = useState<{
    /** Counts previews, so the table starts afresh with each. */
    id: number;
    body: ImportAdminIpsBody;
    result: IpImportResult;
  } | null>(null);
  const [previews, setPreviews] = useState(0);

  const preview = async (body: ImportAdminIpsBody) => {
    const result = await importIps.mutateAsync({ ...body, dryRun: true });
    setPreviews((count) => count + 1);
    setPreviewed({ id: previews + 1, body, result });
  };

  const runPreview = async () => {
    const values = await form.validateFields();
    await preview(toImportBody({ ...form.getFieldsValue(true), ...values }, true));
  };

  const apply = async () => {
    if (!previewed) return;
    try {
      const result = await importIps.mutateAsync({ ...previewed.body, dryRun: false });
      setPreviewed({ ...previewed, result });
      showSuccessToast(t('adminInventory.import.done', { count: result.totals.valid }));
    } catch {
      // Refused (toasted by the client): the pool changed since the preview. Show it as it is now.
      await preview(previewed.body).catch(() => setPreviewed(null));
    }
  };

  const result = previewed?.result;
  const canApply = result !== undefined && !result.applied && result.totals.errors === 0;
  return (
    <Card
      title={t('adminInventory.import.subtitle')}
      extra={
        <Link to={ADMIN_IPS_PATH}>
          <Button type="link" icon={<ArrowLeftOutlined />}>
            {t('adminInventory.import.back')}
          </Button>
        </Link>
      }
    >
      <ImportForm form={form} overview={overview.data} onValuesChange={() => setPreviewed(null)} />
      <Space className={styles.actions}>
        <Button
          loading={importIps.isPending && !canApply}
          onClick={() => void runPreview().catch(() => undefined)}
        >
          {t('adminInventory.import.preview')}
        </Button>
        <Button
          type="primary"
          disabled={!canApply}
          loading={importIps.isPending && canApply}
          onClick={() => void apply()}
        >
          {t('adminInventory.import.apply', { count: result?.totals.valid ?? 0 })}
        </Button>
        {result?.applied && <Link to={ADMIN_IPS_PATH}>{t('adminInventory.import.viewList')}</Link>}
      </Space>
      {previewed && <ImportPreview key={previewed.id} result={previewed.result} />}
    </Card>
  );
}
