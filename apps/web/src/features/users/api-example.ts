import { API_PREFIX, getMe } from '@stratus/contract';

/** A first call to try with the personal token: who am I. Two lines, as a shell takes them. */
export function curlExample(token: string, origin: string): string {
  return `curl -H "Authorization: Bearer ${token}" \\\n  ${origin}${API_PREFIX}${getMe.path}`;
}
