import { API_PREFIX } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';

/** A first call to try with the personal token: who am I. Two lines, as a shell takes them. */
export function curlExample(token: string, origin: string): string {
  return `curl -H "Authorization: Bearer ${token}" \\\n  ${origin}${API_PREFIX}${apiRoutes.getMe.path}`;
}
