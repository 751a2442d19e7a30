import type {
  login,
  loginSecondFactor,
  register,
  EndpointBody,
  LoginAnswer,
  Session,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { callEndpoint } from '../../shared/http/client.ts';
import { changeLanguage, currentLanguage } from '../../shared/i18n/i18n.ts';
import { provePasskey } from '../../shared/passkeys.ts';
import { signOut, storeToken } from '../../shared/session.ts';

// The calls that start and end a session, with the contract's endpoints behind them: the portal
// fetches this module when the form is first sent (api.ts), not with its first screen.

/** Keeps the new session and adopts the account's language, before the app navigates on. */
async function startSession(session: Session): Promise<Session> {
  storeToken(session.token);
  if (session.user.language !== currentLanguage()) await changeLanguage(session.user.language);
  return session;
}

// Sign-in errors are shown inline above the form, so these calls raise no toast.
// An account with two-step verification answers a challenge: no session until the code.
export async function logIn(body: EndpointBody<typeof login>): Promise<LoginAnswer> {
  const answer = await callEndpoint(apiRoutes.login, { body, silent: true });
  return 'secondFactorRequired' in answer ? answer : startSession(answer);
}

/** The second step: the challenge with a code of the authenticator app or a recovery code. */
export async function finishLogIn(body: EndpointBody<typeof loginSecondFactor>): Promise<Session> {
  return startSession(await callEndpoint(apiRoutes.loginSecondFactor, { body, silent: true }));
}

/**
 * Signs in with a passkey: the server's options, the browser's prompt, the server's check. With
 * the sign-in `challenge` (the password was right) the passkey is the second factor; without,
 * it signs in alone.
 */
export async function logInWithPasskey(challenge: string | undefined): Promise<Session> {
  const body = challenge === undefined ? {} : { challenge };
  const { options } = await callEndpoint(apiRoutes.startPasskeySignIn, { body, silent: true });
  const response = await provePasskey(options);
  return startSession(
    await callEndpoint(apiRoutes.finishPasskeySignIn, {
      body: { ...body, response },
      silent: true,
    }),
  );
}

export async function signUp(body: EndpointBody<typeof register>): Promise<Session> {
  return startSession(await callEndpoint(apiRoutes.register, { body, silent: true }));
}

/** Confirmed logout: revoke the session (a failure changes nothing), then the seed sign-out. */
export async function logOut(): Promise<void> {
  try {
    await callEndpoint(apiRoutes.logout, { silent: true });
  } catch {
    // The session may already be gone; signing out locally is what matters.
  }
  signOut();
}
