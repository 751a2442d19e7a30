// The proof of work asked before a sign-in, sign-up or password-reset ask after repeated attempts
// (altcha v2, self-hosted: nothing is asked of any other service, so it works wherever our
// server does). A challenge is signed with a key derived from the server's secret key, so every
// server of a cluster reads every other's; each solution is accepted once (used_proofs_of_work).
import { createHash, hkdfSync } from 'node:crypto';
import type { ProofOfWorkChallenge } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { createChallenge, randomInt, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { spendProofOfWork } from './proof-of-work-repo.ts';
import { isProofOfWorkRequired, type ProofOfWorkAsk } from './throttle.ts';

/** How long a challenge may be solved and its solution sent. */
export const PROOF_OF_WORK_VALID_SECONDS = 600;

/**
 * PBKDF2 in browsers is WebCrypto's (native, in every browser we support) and in Node its own:
 * a script gains little over a person's browser, unlike a plain hash a GPU runs thousands wide.
 */
const ALGORITHM = 'PBKDF2/SHA-256';

export interface ProofsOfWork {
  /** A fresh signed challenge, valid for PROOF_OF_WORK_VALID_SECONDS. */
  issue(): Promise<ProofOfWorkChallenge>;
  /**
   * Accepts a solved challenge once: throws `proofOfWorkInvalid` for one that is malformed,
   * tampered with, expired or already used.
   */
  spend(db: Db, payload: string): Promise<void>;
}

/** Reads the widget's payload: base64 of `{challenge, solution}`; undefined if it is not one. */
function parsePayload(payload: string): Payload | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { challenge, solution } = parsed as Partial<Payload>;
    if (typeof challenge?.parameters !== 'object' || challenge.parameters === null) return;
    if (typeof solution !== 'object' || solution === null) return undefined;
    return { challenge, solution };
  } catch {
    return undefined;
  }
}

export function createProofsOfWork(
  secretKey: string,
  { cost, maxCounter }: Config['proofOfWork'],
): ProofsOfWork {
  const keyOf = (info: string) =>
    Buffer.from(hkdfSync('sha256', secretKey, 'stratus', info, 32)).toString('hex');
  // One key signs the challenge, the other the key its answer derives (the library's two secrets):
  // a solution is then checked by one HMAC, without deriving anything again.
  const hmacSignatureSecret = keyOf('proof-of-work-challenges');
  const hmacKeySignatureSecret = keyOf('proof-of-work-answers');
  return {
    async issue() {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost,
        // The answer is a counter drawn here: a solver tries them from 0, so the work is known
        // (on average three quarters of maxCounter tries) rather than luck.
        counter: randomInt(maxCounter, Math.max(1, Math.floor(maxCounter / 2))),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + PROOF_OF_WORK_VALID_SECONDS,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      const { parameters, signature } = challenge;
      if (!signature) throw new Error('altcha-lib made an unsigned challenge');
      return { parameters: { ...parameters, expiresAt: parameters.expiresAt }, signature };
    },
    async spend(db, payload) {
      const parsed = parsePayload(payload);
      if (!parsed) throw new AppError('proofOfWorkInvalid', {}, { field: 'proofOfWork' });
      let verified = false;
      try {
        const result = await verifySolution({
          challenge: parsed.challenge,
          solution: parsed.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        verified = result.verified;
      } catch {
        // A payload shaped to make the library throw (a wrong type deep inside) is simply wrong.
      }
      const expiresAt = parsed.challenge.parameters.expiresAt;
      if (!verified || typeof expiresAt !== 'number') {
        throw new AppError('proofOfWorkInvalid', {}, { field: 'proofOfWork' });
      }
      // The signature covers the parameters, whose nonce is random per challenge: one challenge,
      // one accepted answer, whatever else the payload carries.
      const solutionHash = createHash('sha256')
        .update(`${parsed.challenge.signature ?? ''}:${parsed.challenge.parameters.nonce}`)
        .digest('hex');
      if (!(await spendProofOfWork(db, { solutionHash, expiresAt: new Date(expiresAt * 1000) }))) {
        throw new AppError('proofOfWorkInvalid', {}, { field: 'proofOfWork' });
      }
    },
  };
}

/**
 * The gate before a sign-in, sign-up or reset ask, ahead of its throttling and its password: a
 * proof sent is spent (refused when wrong, whether or not one was needed); none sent where one is
 * required is refused with nothing counted, so a script pays for each attempt it makes.
 */
export async function passProofOfWorkGate({
  db,
  config,
  proofs,
  ask,
  address,
  email,
  proofOfWork,
}: {
  db: Db;
  config: Config;
  proofs: ProofsOfWork;
  ask: ProofOfWorkAsk;
  address: string;
  email?: string;
  proofOfWork: string | undefined;
}): Promise<void> {
  if (proofOfWork !== undefined) {
    await proofs.spend(db, proofOfWork);
    return;
  }
  if (await isProofOfWorkRequired({ db, config, ask, address, email })) {
    throw new AppError('proofOfWorkRequired', {}, { field: 'proofOfWork' });
  }
}
