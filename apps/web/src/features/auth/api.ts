import { login, logout, register, type EndpointBody, type Session } from '@stratus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { changeLanguage, currentLanguage } from '../../shared/i18n/i18n.ts';
import { signOut, storeToken } from '../../shared/session.ts';

/** Keeps the new session and adopts the account's language, before the app navigates on. */
async function startSession(session: Session): Promise<Session> {
  storeToken(session.token);
  if (session.user.language !== currentLanguage()) await changeLanguage(session.user.language);
  return session;
}

// Sign-in errors are shown inline above the form, so these calls raise no toast.
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EndpointBody<typeof login>) =>
      startSession(await callEndpoint(login, { body, silent: true })),
    // Another account may have used this tab: nothing cached may leak into the new session.
    onSuccess: () => queryClient.clear(),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EndpointBody<typeof register>) =>
      startSession(await callEndpoint(register, { body, silent: true })),
    onSuccess: () => queryClient.clear(),
  });
}

/** Confirmed logout: revoke the session (a failure changes nothing), then the seed sign-out. */
export async function logOut(): Promise<void> {
  try {
    await callEndpoint(logout, { silent: true });
  } catch {
    // The session may already be gone; signing out locally is what matters.
  }
  signOut();
}
