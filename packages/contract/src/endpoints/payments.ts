import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { plainTextSchema } from '../validation.ts';

/** What the Alipay notify answers: Alipay stops retrying only on the plain text `success`. */
export const alipayNotifyReplySchema = z.enum(['success', 'failure']);
export type AlipayNotifyReply = z.infer<typeof alipayNotifyReplySchema>;

/**
 * Alipay's asynchronous notification (`notify_url` of a page payment). The body is
 * `application/x-www-form-urlencoded` and signed by Alipay; the answer is plain text, not the
 * envelope. Register `<PUBLIC_URL>/api/payments/alipay/notify` as the notify address.
 */
export const alipayNotify = defineEndpoint({
  method: 'POST',
  path: '/payments/alipay/notify',
  summary: "Alipay's signed payment notification (form-encoded; answers plain text success)",
  tag: 'payments',
  access: 'public',
  errors: [],
  raw: true,
  bodyContentType: 'application/x-www-form-urlencoded',
  body: z.record(plainTextSchema({ max: 128 }), plainTextSchema({ max: 8192 })),
  response: alipayNotifyReplySchema,
});
