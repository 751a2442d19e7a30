import {
  lineTypes,
  type AdminIpOverview,
  type ImportAdminIpsBody,
  type LineType,
} from '@stratus/contract';
import { Form, Input, InputNumber, Radio, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { CsvFilePicker } from './csv-file-picker.tsx';
import { regionLabel } from './region-label.ts';
import styles from './import-form.module.css';

/** The columns an inventory CSV names in its header (any order). */
export const CSV_COLUMNS =
  'address, port, vmess_port, country, country_zh, country_en, city, city_zh, city_en, line_type';

export interface ImportFormValues {
  node?: string;
  format: 'csv' | 'ranges';
  csvText?: string;
  text?: string;
  region?: string;
  lineType?: LineType;
  port?: number;
  vmessPort?: number;
}

export const initialImportValues: ImportFormValues = {
  format: 'ranges',
  port: 1080,
  vmessPort: 10086,
};

/** The request a filled form makes (the form's rules have checked each field). */
export function toImportBody(values: ImportFormValues, dryRun: boolean): ImportAdminIpsBody {
  const node = values.node ?? '';
  if (values.format === 'csv') {
    return { dryRun, node, format: 'csv', text: values.csvText ?? '' };
  }
  return {
    dryRun,
    node,
    format: 'ranges',
    text: values.text ?? '',
    region: values.region ?? '',
    lineType: values.lineType ?? 'isp_residential',
    port: values.port ?? 0,
    vmessPort: values.vmessPort ?? 0,
  };
}

const portRules = (message: string) => [{ required: true, message }];

/** The node, and either a CSV file read in the browser or pasted addresses with their settings. */
export function ImportForm({
  form,
  overview,
  onValuesChange,
}: {
  form: FormInstance<ImportFormValues>;
  overview: AdminIpOverview | undefined;
  onValuesChange: () => void;
}) {
  const { t } = useTranslation();
  const format = Form.useWatch('format', form) ?? initialImportValues.format;

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialImportValues}
      onValuesChange={onValuesChange}
      className={styles.form}
    >
      <Form.Item
        name="node"
        className={styles.select}
        label={t('adminInventory.import.node')}
        rules={[{ required: true, message: t('adminInventory.import.nodeRequired') }]}
      >
        <Select
          showSearch
          placeholder={t('adminInventory.import.nodePlaceholder')}
          options={overview?.nodes.map((node) => ({ value: node.name, label: node.name }))}
        />
      </Form.Item>
      <Form.Item name="format" label={t('adminInventory.import.source')}>
        <Radio.Group optionType="button" buttonStyle="solid">
          <Radio.Button value="ranges">{t('adminInventory.import.source.ranges')}</Radio.Button>
          <Radio.Button value="csv">{t('adminInventory.import.source.csv')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {format === 'csv' ? (
        <>
          <Form.Item
            name="csvText"
            rules={[{ required: true, message: t('adminInventory.import.csvRequired') }]}
            extra={t('adminInventory.import.csv.hint', { columns: CSV_COLUMNS })}
          >
            <CsvFilePicker />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item
            name="text"
            label={t('adminInventory.import.ranges')}
            extra={t('adminInventory.import.rangesHint')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('adminInventory.import.rangesRequired'),
              },
            ]}
          >
            <Input.TextArea
              rows={8}
              spellCheck={false}
              className={styles.text}
              placeholder={'203.0.113.0/29\n203.0.113.10-20\n2001:db8::10, 2001:db8::11'}
            />
          </Form.Item>
          <div className={styles.row}>
            <Form.Item
              name="region"
              className={styles.wide}
              label={t('adminInventory.import.region')}
              rules={[{ required: true, message: t('adminInventory.import.regionRequired') }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={t('adminInventory.import.regionPlaceholder')}
                options={overview?.regions.map((region) => ({
                  value: region.code,
                  label: regionLabel(region, region.code),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="lineType"
              className={styles.select}
              label={t('adminInventory.import.lineType')}
              rules={[{ required: true, message: t('adminInventory.import.lineTypeRequired') }]}
            >
              <Select
                placeholder={t('adminInventory.import.lineTypePlaceholder')}
                options={lineTypes.map((lineType) => ({
                  value: lineType,
                  label: t(`instances.lineType.${lineType}`),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="port"
              className={styles.port}
              label={t('adminInventory.import.port')}
              rules={portRules(t('adminInventory.import.portRequired'))}
            >
              <InputNumber min={1} max={65535} precision={0} className={styles.fill} />
            </Form.Item>
            <Form.Item
              name="vmessPort"
              className={styles.port}
              label={t('adminInventory.import.vmessPort')}
              rules={portRules(t('adminInventory.import.portRequired'))}
            >
              <InputNumber min={1} max={65535} precision={0} className={styles.fill} />
            </Form.Item>
          </div>
          <Typography.Text type="secondary">
            {t('adminInventory.import.regionHint')}
          </Typography.Text>
        </>
      )}
    </Form>
  );
}
