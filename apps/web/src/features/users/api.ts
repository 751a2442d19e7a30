import {
  changePassword,
  getMe,
  rotateApiToken,
  updateMe,
  type EndpointBody,
  type Locale,
  type UserProfile,
} from '@stratus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { hasToken } from '../../shared/session.ts';

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export function useMe() {
  return useQuery({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => callEndpoint(getMe, { signal }),
  });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof updateMe>) => callEndpoint(updateMe, { body }),
    onSuccess: (profile) => queryClient.setQueryData(userKeys.me(), profile),
  });
}

/**
 * Saves on the account that the console tour was finished or closed. Silent: a failed save only
 * means the tour may show again in a later session.
 */
export function useCompleteTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(updateMe, { body: { tourCompleted: true }, silent: true }),
    onSuccess: (profile) => queryClient.setQueryData(userKeys.me(), profile),
  });
}

/** Silent: the dialog shows a refusal under the field it concerns. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof changePassword>) =>
      callEndpoint(changePassword, { body, silent: true }),
  });
}

export function useRotateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(rotateApiToken),
    onSuccess: ({ apiToken }) =>
      queryClient.setQueryData<UserProfile>(userKeys.me(), (profile) =>
        profile ? { ...profile, apiToken } : profile,
      ),
  });
}

/**
 * Switches the interface language; a signed-in user's preference is saved on the account too.
 * Saving is best effort and silent: the switch has already happened locally.
 */
export function useSwitchLanguage() {
  const queryClient = useQueryClient();
  return async (language: Locale) => {
    await changeLanguage(language);
    if (!hasToken()) return;
    try {
      const profile = await callEndpoint(updateMe, { body: { language }, silent: true });
      queryClient.setQueryData(userKeys.me(), profile);
    } catch {
      // Kept locally; the account keeps its previous preference until the next switch.
    }
  };
}
