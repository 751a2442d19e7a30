// The shape of an email's words, which every file of `mail/` fills for both languages.

/** An email's words: its subject, the paragraphs of its body and the label of its one link. */
export interface MailTemplate {
  subject: string;
  paragraphs: readonly string[];
  /** The button (HTML) or the line before the address (text) of the mail's link, if it has one. */
  action?: string;
}
