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

/**
 * WeChat Pay's payment notification (API v3, `notify_url` of a Native order). The body is JSON
 * whose `resource` is encrypted with the APIv3 key (AEAD_AES_256_GCM); it is read as the raw text
 * WeChat Pay signed (`Wechatpay-Signature` over `timestamp\nnonce\nbody\n`), never re-serialised.
 * Answers 204 with no body once handled (an already credited payment included); any refusal is
 * a 4xx/5xx with the JSON error, and WeChat Pay retries. Register
 * `<PUBLIC_URL>/api/payments/wechat/notify` as the notify address.
 */
export const wechatPayNotify = defineEndpoint({
  method: 'POST',
  path: '/payments/wechat/notify',
  summary: "WeChat Pay's signed payment notification (API v3; answers 204 once handled)",
  tag: 'payments',
  access: 'public',
  errors: [
    'wechatPayNotConfigured',
    'wechatPayNotificationUnverified',
    'wechatPayNotificationRefused',
  ],
  raw: true,
  headers: z.object({
    /** The serial of the key that signed: `PUB_KEY_ID_…` or the platform certificate's. */
    'wechatpay-serial': z.string().max(128).optional(),
    'wechatpay-signature': z.string().max(1024).optional(),
    /** Unix seconds; refused when more than 5 minutes off our clock. */
    'wechatpay-timestamp': z.string().max(32).optional(),
    'wechatpay-nonce': z.string().max(128).optional(),
    'wechatpay-signature-type': z.string().max(64).optional(),
  }),
  /** The notification exactly as sent (JSON text). */
  body: z.string().max(16_384),
  /** Nothing: the success answer is 204 No Content. */
  response: z.literal(''),
});
