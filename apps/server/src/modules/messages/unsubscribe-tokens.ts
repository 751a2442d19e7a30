// The token of a mail's unsubscribe link: the recipient and the category, signed with a key
// derived from the server's secret key. Nothing is stored; a forged or altered token does not
// verify, and every server of a cluster (one SECRET_KEY) reads every other's.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import {
  mandatoryNotificationCategories,
  notificationCategories,
  type MailTemplateId,
  type NotificationCategory,
} from '@stratus/contract';
import { categoryOfTemplate } from './outbox.ts';

export interface UnsubscribeTarget {
  userId: string;
  category: NotificationCategory;
}

export interface UnsubscribeTokens {
  sign(target: UnsubscribeTarget): string;
  /** The target of a token this server signed; undefined for anything else. */
  read(token: string): UnsubscribeTarget | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createUnsubscribeTokens(secretKey: string): UnsubscribeTokens {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'stratus', 'unsubscribe-links', 32));
  const macOf = (text: string) => createHmac('sha256', key).update(text).digest().subarray(0, 18);
  return {
    sign({ userId, category }) {
      const text = `${userId}.${category}`;
      return `${text}.${macOf(text).toString('base64url')}`;
    },
    read(token) {
      const [userId, category, mac] = token.split('.');
      if (!userId || !category || !mac || token.split('.').length !== 3) return undefined;
      if (!UUID.test(userId)) return undefined;
      if (!(notificationCategories as readonly string[]).includes(category)) return undefined;
      const given = Buffer.from(mac, 'base64url');
      const expected = macOf(`${userId}.${category}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const target = { userId, category: category as NotificationCategory };
      // Never signed for a mandatory category; a token naming one cannot be genuine.
      return mandatoryNotificationCategories.includes(target.category) ? undefined : target;
    },
  };
}

/** Where an optional mail's unsubscribe links go. */
export interface UnsubscribeLinks {
  /** `List-Unsubscribe`: mail programs POST `List-Unsubscribe=One-Click` here (RFC 8058). */
  oneClick: string;
  /** The link in the mail's footer: the console's page, which asks before it unsubscribes. */
  page: string;
}

/**
 * The unsubscribe links of a message: for an optional category's mail to an account, under
 * PUBLIC_URL (mail programs need an absolute address); undefined otherwise.
 */
export function unsubscribeLinksFor({
  publicUrl,
  tokens,
}: {
  publicUrl: string | undefined;
  tokens: UnsubscribeTokens;
}): (message: { userId: string | null; event: string }) => UnsubscribeLinks | undefined {
  return (message) => {
    if (!publicUrl || !message.userId) return undefined;
    const category = categoryOfTemplate(message.event as MailTemplateId);
    if (!category || mandatoryNotificationCategories.includes(category)) return undefined;
    const token = tokens.sign({ userId: message.userId, category });
    const base = publicUrl.replace(/\/+$/, '');
    return {
      oneClick: `${base}/api/unsubscribe/${token}`,
      page: `${base}/portal/unsubscribe?token=${token}`,
    };
  };
}
