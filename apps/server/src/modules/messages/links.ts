// The links in messages: absolute under PUBLIC_URL (required with SMTP in production); without it
// (`npm start`, where mail is only shown in the operator console) a path, which the console's
// preview and the inbox open against their own origin.

/** The address of the console page `path` (`/portal/reset?token=…`) as a message links to it. */
export function messageLink(publicUrl: string | undefined, path: string): string {
  return `${publicUrl?.replace(/\/+$/, '') ?? ''}${path}`;
}
