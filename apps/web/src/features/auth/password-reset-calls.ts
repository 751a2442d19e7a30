import type { confirmPasswordReset, EndpointBody, requestPasswordReset } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { callEndpoint } from '../../shared/http/client.ts';

// The password-reset calls, fetched with their page's first submit (api.ts). Their errors are
// shown on the page, so they raise no toast.

export async function askForResetLink(body: EndpointBody<typeof requestPasswordReset>) {
  await callEndpoint(apiRoutes.requestPasswordReset, { body, silent: true });
}

export async function setPasswordByLink(body: EndpointBody<typeof confirmPasswordReset>) {
  await callEndpoint(apiRoutes.confirmPasswordReset, { body, silent: true });
}
