import {
  SIGN_IN_CHALLENGE_SECONDS,
  STEP_UP_FRESH_SECONDS,
  type AdminCustomerSession,
  type ApiKeyScope,
  type Locale,
  type LoginAnswer,
  type Page,
  type SecondFactorKind,
  type Session,
  type SignInOutcome,
} from '@stratus/contract';
import type { Db, Tx, UserRole } from '@stratus/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { announceChange, authChanged, deliverChangeLocally } from '../../change-notifications.ts';
import {
  generateSessionToken,
  hashToken,
  isApiKey,
  isApiToken,
  type TokenCipher,
} from '../../tokens.ts';
import { authenticateApiKey } from '../api-keys/public.ts';
import {
  accountFactorsOf,
  createUser,
  findUserByEmail,
  isReplacedApiTokenHash,
  queueSecurityNotice,
  requireUser,
  toUserProfile,
  updateUser,
  type UserRow,
} from '../users/public.ts';
import { queueVerificationMail } from './email-verification.ts';
import { queueNewSignInNotice } from './new-sign-in-notice.ts';
import { passProofOfWorkGate, type ProofsOfWork } from './proof-of-work.ts';
import { assertPasswordChoice } from './password-choice.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import {
  countSessionsOfUser,
  findApiTokenOwner,
  findLiveSession,
  hasOtherSession,
  insertSession,
  listSessionsOfUser,
  rememberSignInAddress,
  revokeLiveSessions,
  revokeOtherSessions,
  revokeSession,
  touchSession,
} from './repo.ts';
import { checkSecondFactor, type SecondFactorProof } from './second-factor.ts';
import {
  countSignInChallengeFailure,
  findLiveSignInChallenge,
  insertSignInChallenge,
  insertSignInEvent,
  useSignInChallenge,
} from './second-factor-repo.ts';
import type { SessionCache } from './session-cache.ts';
import {
  claimSecondFactorAttempt,
  claimSignInAttempt,
  claimSignUpAttempt,
  settleSignInAttempt,
  wrongPasswordError,
} from './throttle.ts';

/** Who is calling, established from the bearer token. */
export interface Authentication {
  userId: string;
  role: UserRole;
  /** The session presented; null when the caller used the personal API token or an API key. */
  sessionId: string | null;
  method: 'session' | 'apiToken' | 'apiKey';
  /**
   * The scoped API key presented (`method: 'apiKey'`): what it may do and where from; null for a
   * session or the personal token, which may do everything their owner may.
   */
  apiKey: { id: string; scopes: readonly ApiKeyScope[]; allowedSources: readonly string[] } | null;
  /**
   * A session's factor (its sign-in or last step-up) counts as fresh until this moment
   * (`performance.now()`, from the database's clock when looked up); null for the personal token
   * and API keys, which are never asked, and for a session that never proved one.
   */
  stepUpFreshUntil: number | null;
}

/**
 * Whether an endpoint marked `stepUp` must refuse this caller: a session whose factor is older
 * than STEP_UP_FRESH_SECONDS. The personal token and API keys never step up.
 */
export function needsStepUp(auth: Authentication): boolean {
  if (auth.method !== 'session') return false;
  return auth.stepUpFreshUntil === null || performance.now() >= auth.stepUpFreshUntil;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface AccountServices {
  db: Db;
  config: Config;
  cipher: TokenCipher;
  proofs: ProofsOfWork;
}

/**
 * Opens a session: a fresh random token, of which only the hash is stored. The address becomes
 * known to the account (its own sign-in allowance, `claimSignInAttempt`); `newAddress` says it
 * was not known before.
 */
async function startSession(
  tx: Tx,
  config: Config,
  userId: string,
  client: ClientInfo,
  now: Date,
  secondFactor: SecondFactorKind | null = null,
): Promise<{ token: string; sessionId: string; newAddress: boolean }> {
  const token = generateSessionToken();
  const sessionId = await insertSession(tx, {
    userId,
    tokenHash: hashToken(token),
    maxDays: config.sessions.maxDays,
    userAgent: client.userAgent,
    ip: client.ip,
    secondFactor,
  });
  const { isNew } = await rememberSignInAddress(tx, { userId, address: client.ip, now });
  return { token, sessionId, newAddress: isNew };
}

export async function register({
  db,
  config,
  cipher,
  proofs,
  input,
  client,
}: AccountServices & {
  input: {
    email: string;
    password: string;
    name?: string;
    language?: Locale;
    proofOfWork?: string;
  };
  client: ClientInfo;
}): Promise<Session> {
  await passProofOfWorkGate({
    db,
    config,
    proofs,
    ask: 'signUp',
    address: client.ip,
    proofOfWork: input.proofOfWork,
  });
  assertPasswordChoice({ password: input.password, email: input.email, field: 'password' });
  await claimSignUpAttempt({ db, config, address: client.ip });
  // Hashing takes tens of milliseconds: do it before the transaction opens.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await createUser({
      tx,
      cipher,
      email: input.email,
      passwordHash,
      name: input.name,
      language: input.language,
    });
    // The sign-up's address becomes known here, so signing in from it later is not "new".
    const { token } = await startSession(tx, config, user.id, client, new Date());
    await queueVerificationMail(tx, { user });
    return { token, user: toUserProfile(user, [], cipher, config) };
  });
}

/**
 * Signs in. An unknown email and a wrong password give the same answer after the same work
 * (a dummy hash is verified), so neither the answer nor its timing reveals which accounts exist.
 * The password is checked only after the attempt has claimed its throttling slots. An account
 * with a second factor (an authenticator app, a passkey) gets a challenge for
 * `loginWithSecondFactor` or a passkey sign-in instead of a session, naming its factors.
 * Every attempt on an existing account is recorded in its sign-in history. After repeated
 * failures a proof of work comes first (`passProofOfWorkGate`), before the throttling and the
 * lockout it keeps as the last resort.
 */
export async function login({
  db,
  config,
  cipher,
  proofs,
  input,
  client,
}: AccountServices & {
  input: { email: string; password: string; proofOfWork?: string };
  client: ClientInfo;
}): Promise<LoginAnswer> {
  await passProofOfWorkGate({
    db,
    config,
    proofs,
    ask: 'signIn',
    address: client.ip,
    email: input.email,
    proofOfWork: input.proofOfWork,
  });
  const attempt = await claimSignInAttempt({
    db,
    config,
    email: input.email,
    address: client.ip,
  }).catch(async (error: unknown) => {
    if (error instanceof AppError && error.kind === 'tooManySignInAttempts') {
      const throttled = await findUserByEmail(db, input.email);
      if (throttled) await recordSignIn(db, throttled.id, client, 'throttled');
    }
    throw error;
  });
  const user = await findUserByEmail(db, input.email);
  let valid = false;
  if (user) valid = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstDummy(input.password);
  await settleSignInAttempt({ db, attempt, succeeded: valid });
  if (user && !valid) await recordSignIn(db, user.id, client, 'wrong_password');
  if (!user || !valid) throw wrongPasswordError(attempt);
  if (user.disabledAt) throw new AppError('accountDisabled');
  const factors = await accountFactorsOf(db, user);
  if (factors.length > 0) {
    const challenge = generateSessionToken();
    await db.transaction(async (tx) => {
      await insertSignInChallenge(tx, {
        userId: user.id,
        tokenHash: hashToken(challenge),
        lifetimeSeconds: SIGN_IN_CHALLENGE_SECONDS,
        userAgent: client.userAgent,
        ip: client.ip,
      });
      await recordSignIn(tx, user.id, client, 'second_factor_required');
    });
    return { secondFactorRequired: true, challenge, factors };
  }
  const token = await db.transaction((tx) => openSignedInSession(tx, { config, user, client }));
  return { token, user: toUserProfile(user, factors, cipher, config) };
}

/** Thrown inside a sign-in's transaction to roll it back when the code is wrong. */
class WrongSecondFactor extends Error {}

/** Wrong codes after which a sign-in challenge is dead: the password is asked again. */
export const SIGN_IN_CHALLENGE_MAX_FAILURES = 5;

/**
 * The second step of a sign-in: the challenge `login` gave, with a code of the authenticator app
 * or a recovery code. The challenge is used and the code spent in the transaction that opens
 * the session, so each works once however many requests present them. A wrong code counts
 * against the challenge (5 end it) and the account's second-factor limit.
 */
export async function loginWithSecondFactor({
  db,
  config,
  cipher,
  challenge,
  proof,
  client,
}: AccountServices & {
  challenge: string;
  proof: SecondFactorProof;
  client: ClientInfo;
}): Promise<Session> {
  const challengeQuery = {
    tokenHash: hashToken(challenge),
    maxFailures: SIGN_IN_CHALLENGE_MAX_FAILURES,
  };
  const found = await findLiveSignInChallenge(db, challengeQuery);
  if (!found) throw new AppError('signInChallengeInvalid');
  const user = await requireUser(db, found.userId);
  if (user.disabledAt) throw new AppError('accountDisabled');
  const factors = await accountFactorsOf(db, user);
  // Factors removed meanwhile (an owner's reset): the password is asked again.
  if (factors.length === 0) throw new AppError('signInChallengeInvalid');
  const attempt = await claimSecondFactorAttempt({ db, userId: user.id }).catch(
    async (error: unknown) => {
      await recordSignIn(db, user.id, client, 'throttled');
      throw error;
    },
  );
  const outcome = await db
    .transaction(async (tx) => {
      if (!(await useSignInChallenge(tx, challengeQuery))) return 'challengeGone' as const;
      // A code of an app not confirmed yet (enrolment started, a passkey the factor) is no proof.
      const usable = proof.kind !== 'totp' || factors.includes('totp');
      if (!usable || !(await checkSecondFactor(tx, { user, cipher, proof }))) {
        // Rolls the challenge's use back: it stays good for another try.
        throw new WrongSecondFactor();
      }
      return openSignedInSession(tx, { config, user, client, secondFactor: proof.kind });
    })
    .catch(async (error: unknown) => {
      if (error instanceof WrongSecondFactor) return 'wrongCode' as const;
      await settleSignInAttempt({ db, attempt, succeeded: true });
      throw error;
    });
  if (outcome === 'challengeGone') {
    await settleSignInAttempt({ db, attempt, succeeded: true });
    throw new AppError('signInChallengeInvalid');
  }
  if (outcome === 'wrongCode') {
    await settleSignInAttempt({ db, attempt, succeeded: false });
    await db.transaction(async (tx) => {
      await countSignInChallengeFailure(tx, found.id);
      await recordSignIn(tx, user.id, client, 'second_factor_failed', proof.kind);
    });
    throw new AppError(
      'secondFactorIncorrect',
      {},
      { field: proof.kind === 'totp' ? 'code' : 'recoveryCode' },
    );
  }
  await settleSignInAttempt({ db, attempt, succeeded: true });
  return { token: outcome, user: toUserProfile(user, factors, cipher, config) };
}

/** Records a sign-in attempt in the account's history. */
export async function recordSignIn(
  db: Db,
  userId: string,
  client: ClientInfo,
  outcome: SignInOutcome,
  secondFactor: SecondFactorKind | null = null,
): Promise<void> {
  await insertSignInEvent(db, {
    userId,
    outcome,
    secondFactor,
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

/**
 * Opens the session of a finished sign-in (recorded in the history, with the factor proved), and
 * mails the owner when the address is new; answers the token.
 */
export async function openSignedInSession(
  tx: Tx,
  {
    config,
    user,
    client,
    secondFactor = null,
  }: { config: Config; user: UserRow; client: ClientInfo; secondFactor?: SecondFactorKind | null },
): Promise<string> {
  const now = new Date();
  const session = await startSession(tx, config, user.id, client, now, secondFactor);
  await recordSignIn(tx, user.id, client, 'succeeded', secondFactor);
  // An address the account never signed in from is worth telling the owner about, unless the
  // account has never signed in at all (an operator-made account's first sign-in): there is
  // no "usual" address yet for this one to differ from.
  if (
    session.newAddress &&
    (await hasOtherSession(tx, { userId: user.id, exceptSessionId: session.sessionId }))
  ) {
    await queueNewSignInNotice(tx, {
      userId: user.id,
      address: client.ip,
      userAgent: client.userAgent,
      signedInAt: now,
    });
  }
  return session.token;
}

export async function logout({ db, auth }: { db: Db; auth: Authentication }): Promise<void> {
  // Calls made with the API token have no session to end; the token stays valid until rotated.
  const { sessionId } = auth;
  if (!sessionId) return;
  const change = authChanged(auth.userId);
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId);
    await announceChange(tx, change);
  });
  deliverChangeLocally(db, change);
}

/**
 * Changes the password and revokes every other session (an attacker's included); the session
 * making the change stays signed in; the owner is mailed a `security.changed` notice. Wrong
 * current passwords count as failed sign-ins.
 */
export async function changePassword({
  db,
  config,
  userId,
  keepSessionId,
  address,
  currentPassword,
  newPassword,
}: {
  db: Db;
  config: Config;
  userId: string;
  keepSessionId: string | null;
  address: string;
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  const user = await requireUser(db, userId);
  const attempt = await claimSignInAttempt({ db, config, email: user.email, address });
  const valid = await verifyPassword(user.passwordHash, currentPassword);
  await settleSignInAttempt({ db, attempt, succeeded: valid });
  if (!valid) throw new AppError('currentPasswordIncorrect', {}, { field: 'currentPassword' });
  // Only after the current password proved right: comparing before would tell a guesser
  // whether the guess was the current password.
  assertPasswordChoice({
    password: newPassword,
    email: user.email,
    currentPassword,
    field: 'newPassword',
  });
  const passwordHash = await hashPassword(newPassword);
  const change = authChanged(userId);
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash });
    await revokeOtherSessions(tx, { userId, keepSessionId });
    await queueSecurityNotice(tx, { user, change: 'password' });
    await announceChange(tx, change);
  });
  deliverChangeLocally(db, change);
}

/**
 * The caller behind a bearer token, or null when the token is unknown, expired or revoked. With
 * a `cache`, an answer is reused for at most its TTL (never past the session's expiry); every
 * path that revokes a token or changes what this answer carries announces `authChanged`.
 * Refusals are not cached: a token that just became valid works at once.
 */
export async function authenticateToken({
  db,
  config,
  token,
  cache,
  address,
}: {
  db: Db;
  config: Config;
  token: string;
  cache?: SessionCache<Authentication>;
  /** Where the request came from: an API key's last use records it. */
  address?: string;
}): Promise<Authentication | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const generation = cache?.begin() ?? 0;
  if (isApiKey(token)) {
    const key = await authenticateApiKey({ db, key: token, address });
    if (!key) return null;
    const auth: Authentication = {
      userId: key.userId,
      role: key.role,
      sessionId: null,
      method: 'apiKey',
      apiKey: { id: key.keyId, scopes: key.scopes, allowedSources: key.allowedSources },
      stepUpFreshUntil: null,
    };
    // Kept no longer than the key lives: an expired key is refused on the next request.
    cache?.store(tokenHash, {
      userId: key.userId,
      value: auth,
      lifetimeMs: key.lifetimeMs ?? Infinity,
      generation,
    });
    return auth;
  }
  if (isApiToken(token)) {
    const owner = await findApiTokenOwner(db, tokenHash);
    if (!owner) return null;
    const auth: Authentication = {
      ...owner,
      sessionId: null,
      method: 'apiToken',
      apiKey: null,
      stepUpFreshUntil: null,
    };
    cache?.store(tokenHash, {
      userId: owner.userId,
      value: auth,
      lifetimeMs: Infinity,
      generation,
    });
    return auth;
  }
  // Before the lookup, so the freshness it reads ends no later than the database says.
  const lookedUpAt = performance.now();
  const session = await findLiveSession(db, {
    tokenHash,
    idleSeconds: config.sessions.idleHours * 3600,
  });
  if (!session) return null;
  // Written at most about once a minute per session: enough for the idle timeout, cheap on reads.
  if (session.stale) await touchSession(db, session.sessionId);
  const auth: Authentication = {
    userId: session.userId,
    role: session.role,
    sessionId: session.sessionId,
    method: 'session',
    apiKey: null,
    stepUpFreshUntil:
      session.stepUpAgeMs === null
        ? null
        : lookedUpAt + STEP_UP_FRESH_SECONDS * 1000 - session.stepUpAgeMs,
  };
  cache?.store(tokenHash, {
    userId: session.userId,
    value: auth,
    lifetimeMs: session.lifetimeMs,
    generation,
  });
  return auth;
}

/**
 * Whether a token that did not authenticate is a personal API token a rotation replaced, so the
 * caller can be told to use the new one. Session tokens are never recorded there.
 */
export async function isReplacedApiToken({
  db,
  token,
}: {
  db: Db;
  token: string;
}): Promise<boolean> {
  return isApiToken(token) && isReplacedApiTokenHash(db, hashToken(token));
}

/**
 * Ends every live session of a user inside the caller's transaction (an operator's "sign out
 * everywhere", or disabling the account); answers how many were live. The API token is left.
 * Announces the change with the commit; the caller delivers `authChanged(userId)` locally after.
 */
export async function revokeAllSessions({
  tx,
  userId,
}: {
  tx: Tx;
  userId: string;
}): Promise<number> {
  const revoked = await revokeLiveSessions(tx, userId);
  await announceChange(tx, authChanged(userId));
  return revoked;
}

/** A user's sign-in sessions for operators, newest first; never the token (only its hash exists). */
export async function listUserSessions({
  db,
  config,
  userId,
  page,
  pageSize,
}: {
  db: Db;
  config: Config;
  userId: string;
  page: number;
  pageSize: number;
}): Promise<Page<AdminCustomerSession>> {
  const [rows, total] = await Promise.all([
    listSessionsOfUser(db, {
      userId,
      idleSeconds: config.sessions.idleHours * 3600,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    countSessionsOfUser(db, userId),
  ]);
  return {
    items: rows.map(({ row, expired }) => ({
      id: row.id,
      status: row.revokedAt ? 'revoked' : expired ? 'expired' : 'active',
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      ip: row.ip,
      userAgent: row.userAgent,
    })),
    total,
    page,
    pageSize,
  };
}
