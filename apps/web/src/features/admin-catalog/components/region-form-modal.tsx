import { MAX_SORT_ORDER, MIN_SORT_ORDER, type AdminRegion } from '@stratus/contract';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useCreateRegion, useUpdateRegion, type RegionBody } from '../api.ts';
import { cityCodeRules, countryCodeRules, requiredNameRules } from '../catalog-rules.ts';
import { regionCode } from '../region-label.ts';

interface RegionFormModalProps {
  open: boolean;
  /** The region to edit; null to add one. */
  region: AdminRegion | null;
  onClose: () => void;
}

const nameFields = ['countryNameZh', 'countryNameEn', 'cityNameZh', 'cityNameEn'] as const;

/** Adds a region (codes and names) or edits one (names and sort order: its codes are fixed). */
export function RegionFormModal({ open, region, onClose }: RegionFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegionBody>();
  const create = useCreateRegion();
  const update = useUpdateRegion();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(region ?? { sortOrder: 0 });
  }, [open, region, form]);

  const submit = async (values: RegionBody) => {
    // A refusal (codes taken, a field the server finds wrong) is toasted by the client.
    if (region) {
      const { country: _country, cityCode: _cityCode, ...changes } = values;
      const saved = await update.mutateAsync({ id: region.id, body: changes });
      showSuccessToast(t('adminCatalog.region.updated', { code: regionCode(saved) }));
    } else {
      const saved = await create.mutateAsync(values);
      showSuccessToast(t('adminCatalog.region.created', { code: regionCode(saved) }));
    }
    onClose();
  };

  return (
    <Modal
      open={open}
      title={
        region
          ? t('adminCatalog.region.editTitle', { code: regionCode(region) })
          : t('adminCatalog.region.createTitle')
      }
      okText={t('adminCatalog.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RegionBody>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="country"
          label={t('adminCatalog.region.country')}
          extra={t('adminCatalog.region.countryHint')}
          rules={region ? [] : countryCodeRules(t)}
        >
          <Input maxLength={2} disabled={region !== null} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="cityCode"
          label={t('adminCatalog.region.cityCode')}
          extra={t('adminCatalog.region.cityCodeHint')}
          rules={region ? [] : cityCodeRules(t)}
        >
          <Input maxLength={50} disabled={region !== null} autoComplete="off" />
        </Form.Item>
        {nameFields.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`adminCatalog.region.${field}`)}
            rules={requiredNameRules(t)}
          >
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
        ))}
        <Form.Item
          name="sortOrder"
          label={t('adminCatalog.sortOrder')}
          extra={t('adminCatalog.sortOrderHint')}
          rules={[{ required: true, message: t('adminCatalog.required') }]}
        >
          <InputNumber min={MIN_SORT_ORDER} max={MAX_SORT_ORDER} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
