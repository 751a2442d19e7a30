import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_DURATIONS, MAX_CATALOG_PRICE_YUAN, MAX_DURATION_DAYS } from '@stratus/contract';
import { Button, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './price-list-field.module.css';

interface PriceRow {
  durationDays?: number;
  price?: number;
}

/**
 * The price list of a plan (`prices` of the surrounding form): one row per duration, the usual
 * 30/90/180/365 days a click away, any other duration as a custom row.
 */
export function PriceListField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const rows: PriceRow[] = Form.useWatch('prices', form) ?? [];
  const priced = new Set(rows.map((row) => row?.durationDays));
  return (
    <Form.List
      name="prices"
      rules={[
        {
          validator: async (_, prices: PriceRow[] | undefined) => {
            if (!prices?.length) throw new Error(t('adminCatalog.plan.pricesRequired'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div className={styles.list}>
          {fields.map((field) => {
            const days = rows[field.name]?.durationDays;
            return (
              <Space key={field.key} align="start" className={styles.row}>
                <Form.Item
                  name={[field.name, 'durationDays']}
                  rules={[
                    { required: true, message: t('adminCatalog.required') },
                    ({ getFieldValue }) => ({
                      validator: async (_, value: number | undefined) => {
                        const all: PriceRow[] = getFieldValue('prices') ?? [];
                        const same = all.filter((row) => row?.durationDays === value).length;
                        if (value !== undefined && same > 1) {
                          throw new Error(t('adminCatalog.plan.durationRepeated'));
                        }
                      },
                    }),
                  ]}
                >
                  <InputNumber
                    aria-label={t('adminCatalog.plan.durationDays')}
                    placeholder={t('adminCatalog.plan.durationDays')}
                    min={1}
                    max={MAX_DURATION_DAYS}
                    precision={0}
                    suffix={t('adminCatalog.daysUnit')}
                    className={styles.days}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'price']}
                  rules={[{ required: true, message: t('adminCatalog.required') }]}
                >
                  <InputNumber
                    aria-label={`${t('adminCatalog.plan.priceYuan')} ${days ?? ''}`.trim()}
                    placeholder={t('adminCatalog.plan.priceYuan')}
                    min={0.01}
                    max={MAX_CATALOG_PRICE_YUAN}
                    precision={2}
                    prefix="¥"
                    className={styles.price}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('adminCatalog.plan.removePrice', { days: days ?? '' })}
                  onClick={() => remove(field.name)}
                />
              </Space>
            );
          })}
          <Space wrap size={8}>
            {DEFAULT_DURATIONS.filter((days) => !priced.has(days)).map((days) => (
              <Button key={days} size="small" onClick={() => add({ durationDays: days })}>
                {t('adminCatalog.plan.addPreset', { days })}
              </Button>
            ))}
            <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
              {t('adminCatalog.plan.addCustom')}
            </Button>
          </Space>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
