// The operator's side of announcements: what operators write (both languages, severity and when
// each shows); customers read them through announcements.ts.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { plainTextSchema, singleLineTextSchema } from '../validation.ts';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  announcementSeveritySchema,
  announcementStateSchema,
  announcementTimeSchema,
} from './announcements.ts';

const timeSchema = announcementTimeSchema;

/** An announcement as operators edit it: both languages, severity and when it shows. */
export const adminAnnouncementSchema = z.object({
  id: z.uuid(),
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  severity: announcementSeveritySchema,
  /** ISO 8601: shown to customers from this moment. */
  startsAt: timeSchema,
  /** ISO 8601: shown until (excluding) this moment; null until an operator ends it. */
  endsAt: timeSchema.nullable(),
  /** Its state at the time of the answer. */
  state: announcementStateSchema,
  createdAt: timeSchema,
  updatedAt: timeSchema,
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

const announcementFields = {
  titleZh: singleLineTextSchema({ min: 1, max: ANNOUNCEMENT_TITLE_MAX }),
  titleEn: singleLineTextSchema({ min: 1, max: ANNOUNCEMENT_TITLE_MAX }),
  /** Plain text; line breaks are kept. */
  bodyZh: plainTextSchema({ max: ANNOUNCEMENT_BODY_MAX }),
  bodyEn: plainTextSchema({ max: ANNOUNCEMENT_BODY_MAX }),
  severity: announcementSeveritySchema,
  startsAt: timeSchema,
  /** Must be later than `startsAt` (error 70702); null: no end yet. */
  endsAt: timeSchema.nullable(),
};

const announcementParamsSchema = z.object({ id: z.uuid() });

export const listAdminAnnouncements = defineEndpoint({
  method: 'GET',
  path: '/admin/announcements',
  summary: 'Announcements, latest start first, optionally only those in one state',
  tag: 'admin',
  access: 'staff',
  permission: 'announcements.manage',
  errors: [],
  query: paginationQuerySchema.extend({ state: announcementStateSchema.optional() }),
  response: pageSchemaOf(adminAnnouncementSchema),
});

export const createAnnouncement = defineEndpoint({
  method: 'POST',
  path: '/admin/announcements',
  summary: 'Publish an announcement in both languages for a time window',
  tag: 'admin',
  access: 'staff',
  permission: 'announcements.manage',
  errors: ['announcementEndsBeforeStart'],
  body: z.object({
    ...announcementFields,
    bodyZh: announcementFields.bodyZh.default(''),
    bodyEn: announcementFields.bodyEn.default(''),
    severity: announcementFields.severity.default('info'),
    endsAt: announcementFields.endsAt.default(null),
  }),
  response: adminAnnouncementSchema,
});

export const updateAnnouncement = defineEndpoint({
  method: 'PATCH',
  path: '/admin/announcements/:id',
  summary:
    'Change an announcement; only the fields sent change (end it now by sending `endsAt` = now)',
  tag: 'admin',
  access: 'staff',
  permission: 'announcements.manage',
  errors: ['announcementNotFound', 'announcementEndsBeforeStart'],
  params: announcementParamsSchema,
  body: z.object(announcementFields).partial(),
  response: adminAnnouncementSchema,
});

export const deleteAnnouncement = defineEndpoint({
  method: 'DELETE',
  path: '/admin/announcements/:id',
  summary: 'Delete an announcement for good',
  tag: 'admin',
  access: 'staff',
  permission: 'announcements.manage',
  errors: ['announcementNotFound'],
  params: announcementParamsSchema,
  response: z.null(),
});
