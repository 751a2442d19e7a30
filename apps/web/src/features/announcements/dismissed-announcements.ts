// Which announcements this browser's user closed the banner of, by id, in local storage. A
// sign-out clears local storage (the seed's rule), so a dismissed banner may come back after
// signing in again; the announcement still shows on the overview either way.
const STORAGE_KEY = 'dismissedAnnouncements';
/** Old ids fall off: announcements end, and the list must not grow for ever. */
const MAX_REMEMBERED = 50;

export function readDismissedAnnouncements(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberDismissedAnnouncement(id: string): string[] {
  const ids = [id, ...readDismissedAnnouncements().filter((known) => known !== id)].slice(
    0,
    MAX_REMEMBERED,
  );
  localStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
  return ids;
}
