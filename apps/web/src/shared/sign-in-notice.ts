// Why the sign-in page was shown instead of the address a person opened: said once, on the
// sign-in card, then forgotten (a reload of the portal does not say it again).

/**
 * A console address opened signed out, a session the server no longer accepts, or a password
 * just reset by a mailed link (sign in with the new one).
 */
export type SignInNotice = 'signInRequired' | 'sessionExpired' | 'passwordChanged';

const NOTICE_KEY = 'signInNotice';
const NOTICES: readonly SignInNotice[] = ['signInRequired', 'sessionExpired', 'passwordChanged'];

/** Leaves the notice for the sign-in page the browser is about to show. */
export function leaveSignInNotice(notice: SignInNotice): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, notice);
  } catch {
    // Storage refused (privacy mode): the redirect still works, without the word.
  }
}

/** The notice left for this page, if any; `forgetSignInNotice` ends it once it has been shown. */
export function peekSignInNotice(): SignInNotice | null {
  try {
    const value = sessionStorage.getItem(NOTICE_KEY);
    return NOTICES.find((notice) => notice === value) ?? null;
  } catch {
    return null;
  }
}

export function forgetSignInNotice(): void {
  try {
    sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    // Nothing was stored.
  }
}
