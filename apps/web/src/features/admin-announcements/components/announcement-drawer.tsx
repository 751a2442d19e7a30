import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  announcementSeverities,
  type AdminAnnouncement,
  type AnnouncementSeverity,
} from '@stratus/contract';
import { Button, Drawer, Form, Input, Radio, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { businessNow, isoToWallClock, wallClockToIso } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import {
  useCreateAnnouncement,
  useUpdateAnnouncement,
  type AnnouncementChanges,
  type NewAnnouncement,
} from '../api.ts';
import { BusinessDatePicker } from '../../../shared/ui/business-date-picker.ts';

interface AnnouncementForm {
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  severity: AnnouncementSeverity;
  window: [Dayjs, Dayjs | null];
}

interface AnnouncementDrawerProps {
  /** The announcement being edited; null to write a new one. */
  announcement: AdminAnnouncement | null;
  onClose: () => void;
}

function toBody(values: AnnouncementForm): NewAnnouncement {
  const [start, end] = values.window;
  return {
    titleZh: values.titleZh.trim(),
    titleEn: values.titleEn.trim(),
    bodyZh: values.bodyZh ?? '',
    bodyEn: values.bodyEn ?? '',
    severity: values.severity,
    // The picker shows the business clock: its fields are read in the business time zone.
    startsAt: wallClockToIso(start),
    endsAt: end ? wallClockToIso(end) : null,
  };
}

function initialValues(announcement: AdminAnnouncement | null): Partial<AnnouncementForm> {
  if (!announcement)
    return { severity: 'info', bodyZh: '', bodyEn: '', window: [businessNow(), null] };
  return {
    ...announcement,
    window: [
      isoToWallClock(announcement.startsAt),
      announcement.endsAt ? isoToWallClock(announcement.endsAt) : null,
    ],
  };
}

/** Only the fields that differ from the announcement as it is: the audit entry names those. */
function changedFields(announcement: AdminAnnouncement, body: NewAnnouncement) {
  const changes: AnnouncementChanges = {};
  for (const key of Object.keys(body) as (keyof NewAnnouncement)[]) {
    if (body[key] !== announcement[key]) Object.assign(changes, { [key]: body[key] });
  }
  return changes;
}

/**
 * Writes a new announcement or edits one: both languages, severity and when it shows. Mounted
 * only while open, so each opening starts from the announcement as it is.
 */
export function AnnouncementDrawer({ announcement, onClose }: AnnouncementDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AnnouncementForm>();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();

  const textRules = (field: string, max: number, required: boolean): Rule[] => [
    ...(required
      ? [
          {
            required: true,
            whitespace: true,
            message: t('adminAnnouncements.form.required', { field }),
          },
        ]
      : []),
    { max, message: t('adminAnnouncements.form.tooLong', { field, max }) },
  ];
  const windowRules: Rule[] = [
    {
      validator: (_, value: AnnouncementForm['window'] | undefined) => {
        const [start, end] = value ?? [];
        if (!start) return Promise.reject(new Error(t('adminAnnouncements.form.startRequired')));
        if (end && !end.isAfter(start)) {
          return Promise.reject(new Error(t('adminAnnouncements.form.endAfterStart')));
        }
        return Promise.resolve();
      },
    },
  ];

  const submit = (values: AnnouncementForm) => {
    const body = toBody(values);
    if (!announcement) {
      create.mutate(body, {
        onSuccess: () => {
          showSuccessToast(t('adminAnnouncements.created'));
          onClose();
        },
      });
      return;
    }
    update.mutate(
      { id: announcement.id, changes: changedFields(announcement, body) },
      {
        onSuccess: () => {
          showSuccessToast(t('adminAnnouncements.saved'));
          onClose();
        },
      },
    );
  };

  const field = (key: 'titleZh' | 'titleEn' | 'bodyZh' | 'bodyEn') =>
    t(`adminAnnouncements.form.${key}`);
  return (
    <Drawer
      open
      onClose={onClose}
      size={560}
      title={t(announcement ? 'adminAnnouncements.edit' : 'adminAnnouncements.new')}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={create.isPending || update.isPending}
            onClick={() => form.submit()}
          >
            {t(announcement ? 'adminAnnouncements.form.submit' : 'adminAnnouncements.form.publish')}
          </Button>
        </Space>
      }
    >
      <Form<AnnouncementForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues(announcement)}
        onFinish={submit}
      >
        <Form.Item
          name="titleZh"
          label={field('titleZh')}
          rules={textRules(field('titleZh'), ANNOUNCEMENT_TITLE_MAX, true)}
        >
          <Input maxLength={ANNOUNCEMENT_TITLE_MAX} />
        </Form.Item>
        <Form.Item
          name="bodyZh"
          label={field('bodyZh')}
          rules={textRules(field('bodyZh'), ANNOUNCEMENT_BODY_MAX, false)}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item
          name="titleEn"
          label={field('titleEn')}
          rules={textRules(field('titleEn'), ANNOUNCEMENT_TITLE_MAX, true)}
        >
          <Input maxLength={ANNOUNCEMENT_TITLE_MAX} />
        </Form.Item>
        <Form.Item
          name="bodyEn"
          label={field('bodyEn')}
          rules={textRules(field('bodyEn'), ANNOUNCEMENT_BODY_MAX, false)}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="severity" label={t('adminAnnouncements.form.severity')}>
          <Radio.Group
            optionType="button"
            options={announcementSeverities.map((value) => ({
              value,
              label: t(`announcements.severity.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="window"
          label={withTimeZone(t('adminAnnouncements.form.window'))}
          rules={windowRules}
          extra={
            <Typography.Text type="secondary">
              {t('adminAnnouncements.form.windowHint')}
            </Typography.Text>
          }
        >
          <BusinessDatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[false, true]}
            placeholder={[t('adminAnnouncements.form.start'), t('adminAnnouncements.form.end')]}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
