// An email's two parts from the contract's words: the same paragraphs, link and footer laid out
// as HTML (every value escaped) and as plain text, in the recipient's language.
import { mailFooters, mailTemplates, type Locale, type MailTemplateId } from '@stratus/contract';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailToRender {
  template: MailTemplateId;
  locale: Locale;
  /** The operator's brand, `BRAND_NAME`. */
  brand: string;
  /** Values of the template's `{{name}}` placeholders. */
  values?: Record<string, string | number>;
  /** Where the mail's one link goes, when its template has one. */
  actionUrl?: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** `words` with its placeholders filled; a placeholder without a value is a template's bug. */
function fill(words: string, values: Record<string, string | number>): string {
  return words.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`mail placeholder {{${name}}} has no value`);
    return String(value);
  });
}

/** Where an optional mail's unsubscribe link goes in its HTML, filled when it is sent. */
const UNSUBSCRIBE_MARK = '<!--unsubscribe-->';

/** The colon of a language, before a link spelled out in the text part. */
function colonOf(locale: Locale): string {
  return locale === 'zh-CN' ? '：' : ': ';
}

/**
 * An optional mail's bodies with its unsubscribe link: the text part's last line, and a small
 * link under the HTML's footer. Added when the mail leaves, since the link is signed per
 * recipient and category and is nothing the outbox needs to keep.
 */
export function withUnsubscribeLink(
  { text, html }: { text: string; html: string },
  { locale, url }: { locale: Locale; url: string },
): { text: string; html: string } {
  const label = mailFooters[locale].unsubscribe;
  return {
    text: `${text}\n${label}${colonOf(locale)}${url}`,
    html: html.replace(
      UNSUBSCRIBE_MARK,
      `<p style="margin:8px 0 0;font-size:12px;"><a href="${escapeHtml(url)}" style="color:#8c8c8c;">${escapeHtml(label)}</a></p>`,
    ),
  };
}

export function renderMail({
  template,
  locale,
  brand,
  values = {},
  actionUrl,
}: MailToRender): RenderedMail {
  const words = mailTemplates[locale][template];
  const all = { ...values, brand };
  const subject = fill(words.subject, all);
  const paragraphs = words.paragraphs.map((paragraph) => fill(paragraph, all));
  const footer = fill(mailFooters[locale].reason, all);
  const action = words.action && actionUrl ? { label: words.action, url: actionUrl } : undefined;

  // The link after its label, with the colon of the language; the footer after the usual
  // signature separator ("-- ", which mail programs recognise).
  const colon = colonOf(locale);
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}${colon}${action.url}`] : []),
    `-- \n${footer}`,
  ].join('\n\n');

  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:-apple-system,'PingFang SC','Microsoft YaHei',Arial,sans-serif;color:#262626;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
<p style="margin:0 0 24px;font-size:18px;font-weight:600;">${escapeHtml(brand)}</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px;font-size:14px;line-height:1.6;">${escapeHtml(paragraph)}</p>`).join('\n')}
${action ? `<p style="margin:24px 0;"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 20px;background:#1677ff;color:#ffffff;border-radius:6px;text-decoration:none;font-size:14px;">${escapeHtml(action.label)}</a></p>` : ''}
<p style="margin:32px 0 0;font-size:12px;color:#8c8c8c;">${escapeHtml(footer)}</p>
${UNSUBSCRIBE_MARK}
</div>
</body>
</html>
`;
  return { subject, text, html };
}
