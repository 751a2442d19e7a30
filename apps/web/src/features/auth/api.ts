import type {
  confirmPasswordReset,
  EndpointBody,
  login,
  loginSecondFactor,
  register,
  requestPasswordReset,
} from '@stratus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The session calls, fetched on the first submit: the contract's schemas behind them are too
 * heavy for the portal's first screen. A failed fetch rejects like a failed call (network error).
 */
const loadSessionCalls = () => import('./session-calls.ts');

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EndpointBody<typeof login>) => (await loadSessionCalls()).logIn(body),
    // Another account may have used this tab: nothing cached may leak into the new session.
    onSuccess: (answer) => {
      if ('token' in answer) queryClient.clear();
    },
  });
}

/** The second step of a sign-in with two-step verification. */
export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EndpointBody<typeof loginSecondFactor>) =>
      (await loadSessionCalls()).finishLogIn(body),
    onSuccess: () => queryClient.clear(),
  });
}

/** A passkey sign-in: alone (no challenge), or as the second factor of the challenge. */
export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (challenge: string | undefined) =>
      (await loadSessionCalls()).logInWithPasskey(challenge),
    onSuccess: () => queryClient.clear(),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EndpointBody<typeof register>) =>
      (await loadSessionCalls()).signUp(body),
    onSuccess: () => queryClient.clear(),
  });
}

const loadPasswordResetCalls = () => import('./password-reset-calls.ts');

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (body: EndpointBody<typeof requestPasswordReset>) =>
      (await loadPasswordResetCalls()).askForResetLink(body),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: async (body: EndpointBody<typeof confirmPasswordReset>) =>
      (await loadPasswordResetCalls()).setPasswordByLink(body),
  });
}
