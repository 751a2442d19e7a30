import type { Locale } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { hasToken } from '../../shared/session.ts';
import { userKeys } from './user-keys.ts';

/**
 * Saves a signed-in user's interface language on the account. Best effort and silent: the switch
 * has already happened locally.
 */
export async function saveLanguageChoice(queryClient: QueryClient, language: Locale) {
  try {
    const profile = await callEndpoint(apiRoutes.updateMe, { body: { language }, silent: true });
    queryClient.setQueryData(userKeys.me(), profile);
  } catch {
    // Kept locally; the account keeps its previous preference until the next switch.
  }
}

/** Switches the interface language; a signed-in user's preference is saved on the account too. */
export function useSwitchLanguage() {
  const queryClient = useQueryClient();
  return async (language: Locale) => {
    await changeLanguage(language);
    if (hasToken()) await saveLanguageChoice(queryClient, language);
  };
}
