import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const healthSchema = z.object({
  /** `ok` when the server and its database answer. */
  status: z.literal('ok'),
  /** Which database engine this server runs on. */
  database: z.enum(['postgres', 'pglite']),
  /** Round trip of the database check in milliseconds. */
  databaseLatencyMs: z.number(),
  /** Seconds since the server process started. */
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** Liveness plus a database round trip; 503 with `databaseUnavailable` when the database fails. */
export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database check',
  tag: 'system',
  access: 'public',
  errors: ['databaseUnavailable'],
  response: healthSchema,
});
