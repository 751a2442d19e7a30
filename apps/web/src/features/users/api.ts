import type {
  changeEmail,
  changePassword,
  confirmTotpEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  updateMe,
  EndpointBody,
  UserProfile,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { userKeys } from './user-keys.ts';

export { userKeys };
export { useSwitchLanguage } from './switch-language.ts';

export function useMe() {
  return useQuery({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getMe, { signal }),
  });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof updateMe>) => callEndpoint(apiRoutes.updateMe, { body }),
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
    mutationFn: () =>
      callEndpoint(apiRoutes.updateMe, { body: { tourCompleted: true }, silent: true }),
    onSuccess: (profile) => queryClient.setQueryData(userKeys.me(), profile),
  });
}

/** Silent: the dialog shows a refusal under the field it concerns. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof changePassword>) =>
      callEndpoint(apiRoutes.changePassword, { body, silent: true }),
  });
}

export function useRotateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(apiRoutes.rotateApiToken),
    onSuccess: ({ apiToken }) =>
      queryClient.setQueryData<UserProfile>(userKeys.me(), (profile) =>
        profile ? { ...profile, apiToken } : profile,
      ),
  });
}

/** Silent: the banner shows the refusal (the wait, when asked again too soon) beside its button. */
export function useResendVerificationEmail() {
  return useMutation({
    mutationFn: () => callEndpoint(apiRoutes.resendVerificationEmail, { silent: true }),
  });
}

/**
 * Confirms an address by the token of a mailed link. Silent: the page shows the refusal. The
 * profile is read again, so the banner goes and a changed address shows.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      callEndpoint(apiRoutes.verifyEmail, { body: { token }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.me() }),
  });
}

/** Silent: the form shows a refusal under the field it concerns. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof changeEmail>) =>
      callEndpoint(apiRoutes.changeEmail, { body, silent: true }),
  });
}

/** Whether two-step verification is on, and the recovery codes left. */
export function useTwoStepStatus() {
  return useQuery({
    queryKey: userKeys.twoStep(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getTwoStepStatus, { signal }),
  });
}

/** A new secret to scan; nothing changes for sign-in until it is confirmed. */
export function useStartTotpEnrolment() {
  return useMutation({ mutationFn: () => callEndpoint(apiRoutes.startTotpEnrolment) });
}

// Silent: the dialogs show a refused code under its field.
export function useConfirmTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof confirmTotpEnrolment>) =>
      callEndpoint(apiRoutes.confirmTotpEnrolment, { body, silent: true }),
    // The profile's `twoStepRequiredBy` clears: the operator console's notice goes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.twoStep() }),
        queryClient.invalidateQueries({ queryKey: userKeys.me() }),
      ]),
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof disableTotp>) =>
      callEndpoint(apiRoutes.disableTotp, { body, silent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.twoStep() }),
        queryClient.invalidateQueries({ queryKey: userKeys.me() }),
      ]),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof regenerateRecoveryCodes>) =>
      callEndpoint(apiRoutes.regenerateRecoveryCodes, { body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.twoStep() }),
  });
}
