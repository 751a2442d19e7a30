import {
  DEFAULT_DURATIONS,
  lineTypes,
  MAX_LOW_STOCK_MARK,
  MAX_REPLACEMENTS_PER_MONTH,
  MAX_SORT_ORDER,
  MIN_SORT_ORDER,
  proxyProtocols,
  type AdminStaticIpPlan,
  type LineType,
  type PlanPriceInput,
  type ProxyProtocol,
} from '@stratus/contract';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Form,
  InputNumber,
  Select,
  Space,
  Switch,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useAdminRegions, useCreateStaticIpPlan, useUpdateStaticIpPlan } from '../api.ts';
import { planName } from '../plan-name.ts';
import { regionCode, regionLabel } from '../region-label.ts';
import styles from './plan-form-drawer.module.css';
import { PriceListField } from './price-list-field.tsx';

interface PlanFormDrawerProps {
  open: boolean;
  /** The plan to edit; null to add one. */
  plan: AdminStaticIpPlan | null;
  /** The region a new plan starts in (the list's region filter), if any. */
  defaultRegionId?: string;
  onClose: () => void;
}

interface PlanForm {
  regionId: string;
  lineType: LineType;
  protocols: ProxyProtocol[];
  active: boolean;
  sortOrder: number;
  replacementsPerMonth: number;
  /** Empty (null or undefined): no mark. */
  lowStockMark?: number | null;
  prices: Partial<PlanPriceInput>[];
}

/**
 * Adds a static-IP plan or edits one: protocols, shown or hidden, sort order, replacements, the
 * low-stock mark and the price list (the usual durations as presets, any other as a custom row). Region and line type are fixed
 * once the plan exists.
 */
export function PlanFormDrawer({ open, plan, defaultRegionId, onClose }: PlanFormDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlanForm>();
  const regions = useAdminRegions();
  const create = useCreateStaticIpPlan();
  const update = useUpdateStaticIpPlan();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      plan
        ? { ...plan, prices: plan.prices }
        : {
            regionId: defaultRegionId,
            protocols: [...proxyProtocols],
            active: true,
            sortOrder: 0,
            replacementsPerMonth: 1,
            prices: DEFAULT_DURATIONS.map((durationDays) => ({ durationDays })),
          },
    );
  }, [open, plan, defaultRegionId, form]);

  const submit = async (values: PlanForm) => {
    const prices = (values.prices as PlanPriceInput[])
      .map(({ durationDays, price }) => ({ durationDays, price }))
      .sort((a, b) => a.durationDays - b.durationDays);
    const fields = {
      protocols: proxyProtocols.filter((protocol) => values.protocols.includes(protocol)),
      active: values.active,
      sortOrder: values.sortOrder,
      replacementsPerMonth: values.replacementsPerMonth,
      lowStockMark: values.lowStockMark ?? null,
      prices,
    };
    // A refusal (a plan of that region and line exists, the region is gone) is toasted.
    if (plan) {
      await update.mutateAsync({ id: plan.id, body: fields });
      showSuccessToast(t('adminCatalog.plan.saved'));
    } else {
      await create.mutateAsync({ regionId: values.regionId, lineType: values.lineType, ...fields });
      showSuccessToast(t('adminCatalog.plan.created'));
    }
    onClose();
  };

  return (
    <Drawer
      open={open}
      size={560}
      title={
        plan
          ? t('adminCatalog.plan.editTitle', {
              region: regionLabel(plan.region, currentLanguage()),
              lineType: t(`instances.lineType.${plan.lineType}`),
            })
          : t('adminCatalog.plan.createTitle')
      }
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('adminCatalog.save')}
          </Button>
        </Space>
      }
    >
      <Form<PlanForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => submit(values).catch(() => undefined)}
      >
        {plan ? (
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'plan',
                label: t('adminCatalog.plan.region'),
                children: `${planName(plan, t)} (${regionCode(plan.region)})`,
              },
              {
                key: 'stock',
                label: t('adminCatalog.plan.column.stock'),
                children: t('adminCatalog.plan.stockAndLive', {
                  stock: plan.stock,
                  live: plan.liveInstances,
                }),
              },
            ]}
            className={styles.summary}
          />
        ) : (
          <>
            <Form.Item
              name="regionId"
              label={t('adminCatalog.plan.region')}
              extra={t('adminCatalog.plan.fixedAfterCreate')}
              rules={[{ required: true, message: t('adminCatalog.required') }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={regions.isFetching}
                options={(regions.data?.items ?? []).map((region) => ({
                  value: region.id,
                  label: `${regionLabel(region, currentLanguage())} (${regionCode(region)})`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="lineType"
              label={t('adminCatalog.plan.lineType')}
              rules={[{ required: true, message: t('adminCatalog.required') }]}
            >
              <Select
                options={lineTypes.map((lineType) => ({
                  value: lineType,
                  label: t(`instances.lineType.${lineType}`),
                }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="protocols"
          label={t('adminCatalog.plan.protocols')}
          rules={[{ required: true, type: 'array', min: 1, message: t('adminCatalog.required') }]}
        >
          <Checkbox.Group
            options={proxyProtocols.map((protocol) => ({
              value: protocol,
              label: t(`instances.protocol.${protocol}`),
            }))}
          />
        </Form.Item>
        {/* What the plan costs comes before how it is listed: the question an operator asks first. */}
        <Form.Item label={t('adminCatalog.plan.prices')} required>
          <Alert
            type="info"
            showIcon
            title={t('adminCatalog.plan.priceNote')}
            className={styles.note}
          />
          <PriceListField />
        </Form.Item>
        <Form.Item
          name="active"
          label={t('adminCatalog.plan.active')}
          extra={t('adminCatalog.plan.activeHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="sortOrder"
          label={t('adminCatalog.sortOrder')}
          extra={t('adminCatalog.sortOrderHint')}
          rules={[{ required: true, message: t('adminCatalog.required') }]}
        >
          <InputNumber min={MIN_SORT_ORDER} max={MAX_SORT_ORDER} precision={0} />
        </Form.Item>
        <Form.Item
          name="replacementsPerMonth"
          label={t('adminCatalog.plan.replacementsPerMonth')}
          extra={t('adminCatalog.plan.replacementsPerMonthHint')}
          rules={[{ required: true, message: t('adminCatalog.required') }]}
        >
          <InputNumber min={0} max={MAX_REPLACEMENTS_PER_MONTH} precision={0} />
        </Form.Item>
        <Form.Item
          name="lowStockMark"
          label={t('adminCatalog.plan.lowStockMark')}
          extra={t('adminCatalog.plan.lowStockMarkHint')}
        >
          <InputNumber min={1} max={MAX_LOW_STOCK_MARK} precision={0} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
