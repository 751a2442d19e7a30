const VISIBLE_EDGE = 4;

/** Shows only the ends of a secret so it can be recognised without being read off a screen. */
export function maskToken(token: string): string {
  if (token.length <= VISIBLE_EDGE * 2) return '•'.repeat(token.length);
  return `${token.slice(0, VISIBLE_EDGE)}${'•'.repeat(16)}${token.slice(-VISIBLE_EDGE)}`;
}
