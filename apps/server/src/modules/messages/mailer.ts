// The one way mail leaves: SMTP through nodemailer, to the server `SMTP_URL` names. An answer is
// kept as the server said it, and sorted into temporary (try again later) and permanent.
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's own id, sent as its `Message-ID` so a resend is recognised as the same mail. */
  messageId: string;
  /** Further header fields, such as `List-Unsubscribe`. */
  headers?: Record<string, string>;
}

export type SendOutcome =
  | { ok: true; reply: string; providerMessageId: string }
  | { ok: false; permanent: boolean; reply: string };

export interface Mailer {
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

interface SmtpError {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

/**
 * What an SMTP failure means for the next attempt: a 5xx reply refuses the mail for good; a 4xx
 * reply, a refused or dropped connection or a timeout may pass later.
 */
export function describeSmtpFailure(error: unknown): { permanent: boolean; reply: string } {
  const failure = (error ?? {}) as SmtpError;
  const code = failure.responseCode;
  const reply = failure.response ?? [failure.code, failure.message].filter(Boolean).join(': ');
  return { permanent: code !== undefined && code >= 500 && code < 600, reply: reply || 'unknown' };
}

export function createSmtpMailer({
  smtpUrl,
  from,
  timeoutMs = 30_000,
}: {
  smtpUrl: string;
  from: string;
  timeoutMs?: number;
}): Mailer {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  // Pooled: a pass of the delivery job sends its messages over a few kept connections, not one
  // connection (and greeting) per mail.
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 3,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        return { ok: true, reply: info.response, providerMessageId: info.messageId };
      } catch (error) {
        return { ok: false, ...describeSmtpFailure(error) };
      }
    },
    close() {
      transport.close();
    },
  };
}
