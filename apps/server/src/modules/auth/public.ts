// The auth module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { assertPasswordChoice } from './password-choice.ts';
export { generatePassword, hashPassword } from './passwords.ts';
export {
  encryptTotpSecret,
  issueRecoveryCodes,
  newTotpSecret,
  proofOfCode,
  totpUrl,
  withSecondFactor,
} from './second-factor.ts';
export {
  countUnusedRecoveryCodes,
  deleteExpiredSignInChallenges,
  deleteRecoveryCodes,
} from './second-factor-repo.ts';
export { deleteAttemptsOlderThan, forgetOldSignInAddresses } from './repo.ts';
export { createProofsOfWork, type ProofsOfWork } from './proof-of-work.ts';
export { deleteExpiredProofsOfWork } from './proof-of-work-repo.ts';
export {
  authenticateToken,
  isReplacedApiToken,
  listUserSessions,
  needsStepUp,
  revokeAllSessions,
} from './service.ts';
export type { Authentication } from './service.ts';
export { SessionCache } from './session-cache.ts';
export { startPasskeyStepUp, stepUpSession } from './step-up.ts';
export { signInWithPasskey, startPasskeySignIn } from './passkey-sign-in.ts';
export {
  checkRegistration,
  relyingPartyOf,
  requestOriginOf,
  startRegistrationCeremony,
  useCeremonyOf,
} from './webauthn.ts';
export type { RelyingParty, RequestOrigin } from './webauthn.ts';
export { deleteExpiredWebauthnCeremonies } from './webauthn-repo.ts';
export { revokeLiveSessionsExcept, revokeSessionOfUser } from './session-revocation.ts';
export { deleteSignInEventsOlderThan } from './sign-in-history.ts';
export { parseUserAgent } from './user-agent.ts';
