import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { createPasskey } from '../../shared/passkeys.ts';
import { userKeys } from '../users/public.ts';

export const passkeyKeys = {
  all: ['passkeys'] as const,
};

/** The account's passkeys, oldest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeyKeys.all,
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listPasskeys, { signal }),
  });
}

/**
 * Adds a passkey: the server's options, the browser's prompt, the server's check. Silent: the
 * dialog tells a closed prompt (nothing) from a failure (its message).
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await callEndpoint(apiRoutes.startPasskeyRegistration, { silent: true });
      const response = await createPasskey(options);
      return callEndpoint(apiRoutes.finishPasskeyRegistration, {
        body: { name, response },
        silent: true,
      });
    },
    // A first factor changes the profile's two-step status and the staff notice too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.twoStep() }),
        queryClient.invalidateQueries({ queryKey: userKeys.me() }),
      ]),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      callEndpoint(apiRoutes.renamePasskey, { params: { id }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

/** Removes a passkey; the client asks for a fresh factor first when the session needs one. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiRoutes.removePasskey, { params: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.twoStep() }),
        queryClient.invalidateQueries({ queryKey: userKeys.me() }),
      ]),
  });
}
