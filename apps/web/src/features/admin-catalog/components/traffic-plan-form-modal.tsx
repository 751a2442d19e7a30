import {
  MAX_CATALOG_PRICE_YUAN,
  MAX_DURATION_DAYS,
  MAX_SORT_ORDER,
  MAX_TRAFFIC_PLAN_GB,
  MIN_SORT_ORDER,
  type AdminTrafficPlan,
} from '@stratus/contract';
import { Alert, Form, InputNumber, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useCreateTrafficPlan, useUpdateTrafficPlan, type NewTrafficPlanBody } from '../api.ts';
import { trafficPlanName } from '../traffic-plan-name.ts';
import styles from './plan-form-drawer.module.css';

interface TrafficPlanFormModalProps {
  open: boolean;
  /** The plan to edit; null to add one. */
  plan: AdminTrafficPlan | null;
  onClose: () => void;
}

type TrafficPlanForm = Required<NewTrafficPlanBody>;

/** Adds a traffic plan or edits one: size, validity, price, shown or hidden, sort order. */
export function TrafficPlanFormModal({ open, plan, onClose }: TrafficPlanFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TrafficPlanForm>();
  const create = useCreateTrafficPlan();
  const update = useUpdateTrafficPlan();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(plan ?? { validityDays: 30, active: true, sortOrder: 0 });
  }, [open, plan, form]);

  const submit = async (values: TrafficPlanForm) => {
    const body = {
      gb: values.gb,
      validityDays: values.validityDays,
      price: values.price,
      active: values.active,
      sortOrder: values.sortOrder,
    };
    // A refusal (a plan of that size and validity exists) is toasted by the client.
    const saved = plan
      ? await update.mutateAsync({ id: plan.id, body })
      : await create.mutateAsync(body);
    showSuccessToast(
      t(plan ? 'adminCatalog.traffic.saved' : 'adminCatalog.traffic.created', {
        plan: trafficPlanName(saved, t),
      }),
    );
    onClose();
  };

  const required = [{ required: true, message: t('adminCatalog.required') }];
  return (
    <Modal
      open={open}
      title={
        plan
          ? t('adminCatalog.traffic.editTitle', { plan: trafficPlanName(plan, t) })
          : t('adminCatalog.traffic.createTitle')
      }
      okText={t('adminCatalog.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title={t('adminCatalog.traffic.priceNote')}
        className={styles.note}
      />
      <Form<TrafficPlanForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => submit(values).catch(() => undefined)}
      >
        <Form.Item name="gb" label={t('adminCatalog.traffic.gb')} rules={required}>
          <InputNumber min={1} max={MAX_TRAFFIC_PLAN_GB} precision={0} suffix="GB" />
        </Form.Item>
        <Form.Item
          name="validityDays"
          label={t('adminCatalog.traffic.validityDays')}
          rules={required}
        >
          <InputNumber
            min={1}
            max={MAX_DURATION_DAYS}
            precision={0}
            suffix={t('adminCatalog.daysUnit')}
          />
        </Form.Item>
        <Form.Item name="price" label={t('adminCatalog.traffic.price')} rules={required}>
          <InputNumber min={0.01} max={MAX_CATALOG_PRICE_YUAN} precision={2} prefix="¥" />
        </Form.Item>
        <Form.Item
          name="active"
          label={t('adminCatalog.plan.active')}
          extra={t('adminCatalog.traffic.activeHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="sortOrder"
          label={t('adminCatalog.sortOrder')}
          extra={t('adminCatalog.sortOrderHint')}
          rules={required}
        >
          <InputNumber min={MIN_SORT_ORDER} max={MAX_SORT_ORDER} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
