/** Avatar initials: two words of the name give two letters; otherwise the first character. */
export function initialsOf(name: string, email: string): string {
  const source = name.trim() || email.split('@')[0] || email;
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const first = Array.from(words[0] ?? '?')[0] ?? '?';
  const second = name.trim() && words[1] ? (Array.from(words[1])[0] ?? '') : '';
  return `${first}${second}`.toUpperCase();
}
