import type * as credentialRules from '../../shared/form/credential-rules.ts';

type CredentialChecks = typeof credentialRules;

let checksLoad: Promise<CredentialChecks> | undefined;

/**
 * The contract's rules for an email and a password (zod schemas, worded messages), fetched when a
 * person first reaches the form rather than with the portal's first screen. A failed fetch is
 * tried again on the next call.
 */
export function loadCredentialChecks(): Promise<CredentialChecks> {
  checksLoad ??= import('../../shared/form/credential-rules.ts').catch((error: unknown) => {
    checksLoad = undefined;
    throw error;
  });
  return checksLoad;
}
