// WebAuthn with @simplewebauthn/server: the relying party (this site), ceremonies issued and
// found again by their challenge, and the check of a passkey's assertion. Registration, sign-in
// and step-up build on these.
import {
  SIGN_IN_CHALLENGE_SECONDS,
  type CeremonyOptions,
  type PasskeyAuthenticationResponse,
  type PasskeyRegistrationResponse,
} from '@stratus/contract';
import type { Db, WebauthnCeremonyPurpose } from '@stratus/db';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from '../../tokens.ts';
import type { PasskeyRow } from '../users/public.ts';
import {
  insertWebauthnCeremony,
  useWebauthnCeremony,
  type WebauthnCeremonyRow,
} from './webauthn-repo.ts';

/** The site passkeys are bound to: its host name (`rpId`) and the origin answers must come from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** What of a request tells where the page calling it was loaded from. */
export interface RequestOrigin {
  /** The `Origin` header, when sent. */
  origin: string | undefined;
  protocol: string;
  host: string;
}

/** Where a request says it comes from (a Fastify request's headers, protocol and host). */
export function requestOriginOf(request: {
  headers: { origin?: string };
  protocol: string;
  host: string;
}): RequestOrigin {
  return { origin: request.headers.origin, protocol: request.protocol, host: request.host };
}

/**
 * This site as a relying party: `PUBLIC_URL`'s host and origin. Without one (development,
 * tests) the request's origin stands in, which only a server that is not in production may trust;
 * a production server without PUBLIC_URL makes and accepts no passkey.
 */
export function relyingPartyOf(config: Config, request: RequestOrigin): RelyingParty {
  const name = config.brandName;
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { id: url.hostname, origin: url.origin, name };
  }
  if (config.isProduction) throw new AppError('passkeysUnavailable');
  let url: URL;
  try {
    url = new URL(request.origin ?? `${request.protocol}://${request.host}`);
  } catch {
    throw new AppError('passkeyVerificationFailed');
  }
  return { id: url.hostname, origin: url.origin, name };
}

/** How long a ceremony waits for its answer: as long as a sign-in challenge. */
const CEREMONY_SECONDS = SIGN_IN_CHALLENGE_SECONDS;

/** The bytes of a stored public key (base64url in the table). */
function publicKeyBytes(passkey: Pick<PasskeyRow, 'publicKey'>): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(passkey.publicKey, 'base64url'));
}

/** Records the ceremony of `options` (by its challenge's hash) until its answer comes. */
async function recordCeremony(
  db: Db,
  {
    challenge,
    ...ceremony
  }: {
    challenge: string;
    purpose: WebauthnCeremonyPurpose;
    userId: string | null;
    signInChallengeId?: string | null;
    sessionId?: string | null;
  },
): Promise<void> {
  await insertWebauthnCeremony(db, {
    ...ceremony,
    challengeHash: hashToken(challenge),
    lifetimeSeconds: CEREMONY_SECONDS,
  });
}

/** Options to add a passkey to the account (its own passkeys excluded), recorded as a ceremony. */
export async function startRegistrationCeremony(
  db: Db,
  {
    rp,
    user,
    existing,
  }: {
    rp: RelyingParty;
    user: { id: string; email: string; name: string };
    existing: Pick<PasskeyRow, 'credentialId' | 'transports'>[];
  },
): Promise<CeremonyOptions> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    // The account id, never the email: the handle is stored on the authenticator.
    userID: new TextEncoder().encode(user.id),
    timeout: CEREMONY_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await recordCeremony(db, {
    challenge: options.challenge,
    purpose: 'registration',
    userId: user.id,
  });
  return { ...options };
}

/** Options to prove a passkey (of `allowed`; any discoverable one when empty), recorded. */
export async function startAssertionCeremony(
  db: Db,
  {
    rp,
    purpose,
    userId,
    allowed,
    signInChallengeId,
    sessionId,
  }: {
    rp: RelyingParty;
    purpose: Extract<WebauthnCeremonyPurpose, 'sign_in' | 'step_up'>;
    userId: string | null;
    allowed: Pick<PasskeyRow, 'credentialId' | 'transports'>[];
    signInChallengeId?: string;
    sessionId?: string;
  },
): Promise<CeremonyOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_SECONDS * 1000,
    allowCredentials: allowed.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
    // Without a password the passkey is both factors: it must have verified its user.
    userVerification: userId === null ? 'required' : 'preferred',
  });
  await recordCeremony(db, {
    challenge: options.challenge,
    purpose,
    userId,
    signInChallengeId,
    sessionId,
  });
  return { ...options };
}

/** The challenge an answer signed, read from its clientDataJSON; null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString());
    if (typeof clientData !== 'object' || clientData === null) return null;
    const { challenge } = clientData as { challenge?: unknown };
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses the ceremony the answer belongs to (found by the SHA-256 of the challenge in its
 * clientDataJSON), once: `passkeyCeremonyExpired` when unknown, used or too old.
 */
export async function useCeremonyOf(
  db: Db,
  {
    response,
    purpose,
  }: {
    response: PasskeyAuthenticationResponse | PasskeyRegistrationResponse;
    purpose: WebauthnCeremonyPurpose;
  },
): Promise<WebauthnCeremonyRow & { challenge: string }> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) throw new AppError('passkeyVerificationFailed');
  const ceremony = await useWebauthnCeremony(db, { challengeHash: hashToken(challenge), purpose });
  if (!ceremony) throw new AppError('passkeyCeremonyExpired');
  return { ...ceremony, challenge };
}

/** A new passkey as the registration answer proves it, ready to store; null when it does not. */
export async function checkRegistration({
  rp,
  challenge,
  response,
}: {
  rp: RelyingParty;
  challenge: string;
  response: PasskeyRegistrationResponse;
}): Promise<Pick<
  PasskeyRow,
  'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'deviceType' | 'backedUp'
> | null> {
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verified.verified) return null;
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: (response.response.transports ?? []).slice(0, 8),
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
  } catch {
    // The library throws on every malformed or mismatching answer: one refusal for all.
    return null;
  }
}

/**
 * Checks a passkey's assertion against the stored credential: signature, challenge, origin, site,
 * user presence (and verification when asked), and a signature counter that moved forward (when
 * the authenticator keeps one: a counter going back is a cloned authenticator). Answers the new
 * counter, or null when anything is wrong.
 */
export async function checkAssertion({
  rp,
  challenge,
  response,
  passkey,
  requireUserVerification,
}: {
  rp: RelyingParty;
  challenge: string;
  response: PasskeyAuthenticationResponse;
  passkey: PasskeyRow;
  requireUserVerification: boolean;
}): Promise<{ newCounter: number } | null> {
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification,
      credential: {
        id: passkey.credentialId,
        publicKey: publicKeyBytes(passkey),
        counter: passkey.signCount,
        transports: passkey.transports as AuthenticatorTransport[],
      },
    });
    if (!verified.verified) return null;
    return { newCounter: verified.authenticationInfo.newCounter };
  } catch {
    return null;
  }
}
