// Notices operators publish to customers (the overview page and a dismissible banner).
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** From the mildest to the most severe; customers see the most severe first. */
export const announcementSeverities = ['info', 'warning', 'critical'] as const;
export type AnnouncementSeverity = (typeof announcementSeverities)[number];
export const announcementSeveritySchema = z.enum(announcementSeverities);

/**
 * Where an announcement stands at a moment: `scheduled` before its start, `current` from its start
 * until its end (or for good when it has none), `ended` from its end on.
 */
export const announcementStates = ['scheduled', 'current', 'ended'] as const;
export type AnnouncementState = (typeof announcementStates)[number];
export const announcementStateSchema = z.enum(announcementStates);

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 2000;

/** An ISO 8601 time with its offset (`Z` or `+08:00`). */
export const announcementTimeSchema = z.iso.datetime({ offset: true });
const timeSchema = announcementTimeSchema;

/** A current announcement as a customer reads it, in the language of the request. */
export const announcementSchema = z.object({
  id: z.uuid(),
  severity: announcementSeveritySchema,
  title: z.string(),
  body: z.string(),
  startsAt: timeSchema,
  endsAt: timeSchema.nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const listCurrentAnnouncements = defineEndpoint({
  method: 'GET',
  path: '/announcements',
  summary:
    'The announcements showing now (started, not ended), most severe first, then latest start',
  tag: 'announcements',
  access: 'user',
  errors: [],
  response: z.object({ items: z.array(announcementSchema) }),
});
