/** What a hidden password reads as, everywhere: as long whatever the password. */
export const PASSWORD_MASK = '••••••••';

/**
 * A connection line (`socks5://user:pass@ip:port`) with its password masked. URLs carry the
 * password percent-encoded, so both spellings are looked for, and only between `:` and `@`.
 */
export function maskPassword(line: string, password: string): string {
  if (password === '') return line;
  for (const written of new Set([encodeURIComponent(password), password])) {
    const at = line.indexOf(`:${written}@`);
    if (at >= 0) {
      return `${line.slice(0, at + 1)}${PASSWORD_MASK}${line.slice(at + 1 + written.length)}`;
    }
  }
  return line;
}
