import { ThunderboltOutlined } from '@ant-design/icons';
import {
  DEFAULT_STICKY_MINUTES,
  MAX_STICKY_MINUTES,
  dynamicFormats,
  type DynamicAccount,
  type DynamicFormat,
} from '@stratus/contract';
import { Button, Card, Col, Form, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DynamicEndpointsQuery } from '../api.ts';

/** Each format named by what a line looks like; the same in every language. */
export const formatExamples: Record<DynamicFormat, string> = {
  hostPortUserPass: 'host:port:user:pass',
  userPassAtHostPort: 'user:pass@host:port',
  socks5: 'socks5://user:pass@host:port',
  http: 'http://user:pass@host:port',
};

export const MAX_ENDPOINTS = 1000;
const ANY = '';

interface GeneratorValues {
  country: string;
  city: string;
  session: 'rotating' | 'sticky';
  sessionMinutes: number;
  count: number;
  format: DynamicFormat;
}

const initialValues: GeneratorValues = {
  country: ANY,
  city: ANY,
  session: 'rotating',
  sessionMinutes: DEFAULT_STICKY_MINUTES,
  count: 10,
  format: 'hostPortUserPass',
};

interface EndpointGeneratorProps {
  countries: DynamicAccount['countries'];
  generating: boolean;
  onGenerate: (query: DynamicEndpointsQuery) => void;
}

/** Targeting, session and output choices of the endpoint generator. */
export function EndpointGenerator({ countries, generating, onGenerate }: EndpointGeneratorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GeneratorValues>();
  const country = Form.useWatch('country', form) ?? ANY;
  const session = Form.useWatch('session', form) ?? 'rotating';
  const cities = countries.find((item) => item.country === country)?.cities ?? [];

  const submit = (values: GeneratorValues) =>
    onGenerate({
      ...(values.country ? { country: values.country } : {}),
      ...(values.country && values.city ? { city: values.city } : {}),
      session: values.session,
      ...(values.session === 'sticky' ? { sessionMinutes: values.sessionMinutes } : {}),
      count: values.count,
      format: values.format,
    });

  return (
    <Card title={t('dynamic.generator.title')}>
      <Form<GeneratorValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={(changed: Partial<GeneratorValues>) => {
          // A city belongs to one country: a new country starts from "any city".
          if ('country' in changed) form.setFieldValue('city', ANY);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="country" label={t('dynamic.generator.country')}>
              <Select
                aria-label={t('dynamic.generator.country')}
                showSearch={{ optionFilterProp: 'label' }}
                options={[
                  { value: ANY, label: t('dynamic.generator.anyCountry') },
                  ...countries.map((item) => ({
                    value: item.country,
                    label: `${item.countryName} (${item.country})`,
                  })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="city" label={t('dynamic.generator.city')}>
              <Select
                aria-label={t('dynamic.generator.city')}
                disabled={country === ANY || cities.length === 0}
                options={[
                  { value: ANY, label: t('dynamic.generator.anyCity') },
                  ...cities.map((city) => ({ value: city.code, label: city.name })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="session"
              label={t('dynamic.generator.session')}
              extra={t(`dynamic.generator.sessionHint.${session}`)}
            >
              <Radio.Group>
                <Radio value="rotating">{t('dynamic.generator.rotating')}</Radio>
                <Radio value="sticky">{t('dynamic.generator.sticky')}</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
          {session === 'sticky' && (
            <Col xs={24} md={12}>
              <Form.Item
                name="sessionMinutes"
                label={t('dynamic.generator.sessionMinutes')}
                rules={[{ required: true, type: 'integer', min: 1, max: MAX_STICKY_MINUTES }]}
              >
                <InputNumber
                  aria-label={t('dynamic.generator.sessionMinutes')}
                  min={1}
                  max={MAX_STICKY_MINUTES}
                  precision={0}
                  suffix={t('dynamic.generator.minutes')}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item
              name="count"
              label={t('dynamic.generator.count')}
              extra={t('dynamic.generator.countHint', { max: MAX_ENDPOINTS })}
              rules={[{ required: true, type: 'integer', min: 1, max: MAX_ENDPOINTS }]}
            >
              <InputNumber
                aria-label={t('dynamic.generator.count')}
                min={1}
                max={MAX_ENDPOINTS}
                precision={0}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="format" label={t('dynamic.generator.format')}>
              <Select
                aria-label={t('dynamic.generator.format')}
                options={dynamicFormats.map((format) => ({
                  value: format,
                  label: formatExamples[format],
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Button
          type="primary"
          htmlType="submit"
          icon={<ThunderboltOutlined />}
          loading={generating}
        >
          {t('dynamic.generator.generate')}
        </Button>
      </Form>
    </Card>
  );
}
