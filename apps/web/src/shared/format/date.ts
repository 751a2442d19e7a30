import dayjs from 'dayjs';

/** An ISO time from the API in the viewer's time zone, as the current dayjs locale shows it. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
}

/** Calendar day as the API's date filters take it. */
export const DATE_PARAM_FORMAT = 'YYYY-MM-DD';
