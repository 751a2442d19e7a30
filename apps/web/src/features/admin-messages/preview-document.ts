// An email's HTML as the console's preview shows it. The preview is a sandboxed frame (no
// scripts, no access to the console) whose document inherits the console's Content-Security-
// Policy: the mail's inline `style` attributes are allowed by it, as they carry all its styling.
// Links are written out whole against the console's origin (a mail written without PUBLIC_URL
// links to a path such as `/portal/verify-email?token=…`) and open in a new tab, outside the
// sandbox, so a developer without an SMTP server can follow a verification link from here.

const OPENABLE = new Set(['http:', 'https:']);

function urlOf(href: string, origin: string): URL | undefined {
  try {
    return new URL(href, origin);
  } catch {
    return undefined;
  }
}

/** `html` with every link absolute under `origin` and opening in a new tab; others unlinked. */
export function previewDocument(html: string, origin: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const link of document.querySelectorAll('a[href]')) {
    const url = urlOf(link.getAttribute('href') ?? '', origin);
    if (!url || !OPENABLE.has(url.protocol)) {
      link.removeAttribute('href');
      continue;
    }
    link.setAttribute('href', url.href);
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return `<!doctype html>\n${document.documentElement.outerHTML}`;
}
