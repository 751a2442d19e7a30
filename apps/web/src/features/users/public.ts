// What other features may use of users (the only file they may import from it): switching the
// language (saved to the profile when signed in).
export { saveLanguageChoice, useSwitchLanguage } from './switch-language.ts';
// The signed-in user (the operator console reads the role from it).
export { useMe } from './api.ts';
// The console's notice while the address waits for its confirmation link.
export { EmailVerificationBanner } from './components/email-verification-banner.tsx';
// The query keys other features refresh (a passkey changes the two-step status and profile).
export { userKeys } from './user-keys.ts';
// The recovery codes, shown once, as the two-step section shows them.
export { RecoveryCodesView } from './components/recovery-codes-view.tsx';
