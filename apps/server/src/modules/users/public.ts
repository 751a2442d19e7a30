// The users module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { assertEmailVerifiedToSpend } from './email-verified.ts';
export { findUserByEmail, isReplacedApiTokenHash, lockUser, updateUser } from './repo.ts';
export { createUser, requireUser, toUserProfile } from './service.ts';
export { PROFILE_LINK_PATH, queueSecurityNotice } from './security-notice.ts';
export { assertStaffTwoStepInTime, twoStepRequiredBy } from './staff-two-step.ts';
export type { UserRow } from './service.ts';
export {
  claimTotpStep,
  clearTotp,
  markTotpConfirmed,
  resetTotp,
  storePendingTotpSecret,
} from './totp-repo.ts';
export {
  accountFactorsOf,
  countPasskeysOfUser,
  deletePasskeyOfUser,
  deletePasskeysOfUser,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeysOfUser,
  recordPasskeyUse,
  renamePasskeyOfUser,
} from './passkey-repo.ts';
export type { PasskeyRow } from './passkey-repo.ts';
