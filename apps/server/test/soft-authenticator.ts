// A software authenticator written from the WebAuthn spec (Level 3, §6) with node:crypto alone:
// an ES256 key pair per credential, 'none' attestation, authenticator data with its flags and
// signature counter, and the browser's clientDataJSON. It never imports @simplewebauthn or its
// dependencies: the server's library is checked by something that is not itself.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/** A minimal CBOR encoder (RFC 8949) for what WebAuthn needs: ints, bytes, text, maps. */
type CborValue = number | string | Uint8Array | Map<CborValue, CborValue> | CborValue[];

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) {
    return Buffer.concat([cborHead(4, value.length), ...value.map(encodeCbor)]);
  }
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const base64Url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

/** Authenticator data flags (§6.1). */
const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: Buffer;
  counter: number;
}

/** The COSE_Key of an EC2 P-256 public key for ES256 (RFC 9053 §7.1.1). */
function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return encodeCbor(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
}

function authenticatorData({
  rpId,
  flags,
  counter,
  attested,
}: {
  rpId: string;
  flags: number;
  counter: number;
  attested?: Buffer;
}): Buffer {
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  return Buffer.concat([
    sha256(rpId),
    Buffer.from([flags]),
    counterBytes,
    attested ?? Buffer.alloc(0),
  ]);
}

/** What a ceremony may be told differently from the truth, to see the server refuse it. */
export interface Tampering {
  /** The origin the "browser" reports (default: the authenticator's). */
  origin?: string;
  /** The site whose hash goes into the authenticator data (default: the options' rpId). */
  rpId?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** Whether the user was verified (default: the authenticator's setting). */
  userVerified?: boolean;
}

/**
 * An authenticator with its browser: makes credentials for `create()` options and answers `get()`
 * options with one of them, as `@simplewebauthn/browser` would send them (WebAuthn's JSON).
 */
export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];

  readonly origin: string;
  readonly options: { userVerified?: boolean };

  constructor(origin: string, options: { userVerified?: boolean } = {}) {
    this.origin = origin;
    this.options = options;
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers registration options (`rp.id`, `user.id`, `challenge`). */
  register(
    options: { challenge: string; rp?: { id?: string }; user?: { id?: string } } & Record<
      string,
      unknown
    >,
    tampering: Tampering = {},
  ) {
    const rpId = options.rp?.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: StoredCredential = {
      id: randomBytes(32),
      privateKey,
      publicKey,
      rpId,
      userHandle: Buffer.from(options.user?.id ?? '', 'base64url'),
      counter: 0,
    };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      credential.id,
      coseKeyOf(publicKey),
    ]);
    const userVerified = tampering.userVerified ?? this.options.userVerified ?? true;
    const authData = authenticatorData({
      rpId: tampering.rpId ?? rpId,
      flags: FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0) | FLAG_ATTESTED_CREDENTIAL,
      counter: 0,
      attested,
    });
    const attestationObject = encodeCbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      'webauthn.create',
      options.challenge,
      tampering.origin ?? this.origin,
    );
    return {
      id: base64Url(credential.id),
      rawId: base64Url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: base64Url(clientDataJSON),
        attestationObject: base64Url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /**
   * Answers authentication options with the credential `credentialIndex` (default: the first
   * allowed one held, else the first made).
   */
  authenticate(
    options: { challenge: string; rpId?: string; allowCredentials?: { id: string }[] } & Record<
      string,
      unknown
    >,
    { credentialIndex, ...tampering }: Tampering & { credentialIndex?: number } = {},
  ) {
    const allowed = new Set((options.allowCredentials ?? []).map((entry) => entry.id));
    const credential =
      credentialIndex !== undefined
        ? this.credentials[credentialIndex]
        : (this.credentials.find((held) => allowed.has(base64Url(held.id))) ?? this.credentials[0]);
    if (!credential) throw new Error('The soft authenticator holds no credential');
    credential.counter = tampering.counter ?? credential.counter + 1;
    const userVerified = tampering.userVerified ?? this.options.userVerified ?? true;
    const authData = authenticatorData({
      rpId: tampering.rpId ?? options.rpId ?? credential.rpId,
      flags: FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0),
      counter: credential.counter,
    });
    const clientDataJSON = this.clientData(
      'webauthn.get',
      options.challenge,
      tampering.origin ?? this.origin,
    );
    // §6.3.3: the signature is over authenticatorData || SHA-256(clientDataJSON), DER-encoded.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), {
      key: credential.privateKey,
      dsaEncoding: 'der',
    });
    return {
      id: base64Url(credential.id),
      rawId: base64Url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: base64Url(clientDataJSON),
        authenticatorData: base64Url(authData),
        signature: base64Url(signature),
        userHandle: base64Url(credential.userHandle),
      },
    };
  }
}
