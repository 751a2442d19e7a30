// The browser's WebAuthn for component tests: `window.PublicKeyCredential` and a
// `navigator.credentials` whose create()/get() answer credentials of fixed bytes (the server's
// check is the API tests' business), or reject as a closed prompt does.
import { beforeEach, vi } from 'vitest';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/** A credential as navigator.credentials.create() answers it. */
function madeCredential() {
  return {
    id: 'Y3JlZA',
    rawId: bytes('cred'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({}),
    response: {
      clientDataJSON: bytes('{"type":"webauthn.create"}'),
      attestationObject: bytes('attestation'),
      getTransports: () => ['internal'],
    },
  };
}

/** A credential as navigator.credentials.get() answers it. */
function provedCredential() {
  return {
    id: 'Y3JlZA',
    rawId: bytes('cred'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({}),
    response: {
      clientDataJSON: bytes('{"type":"webauthn.get"}'),
      authenticatorData: bytes('authenticator-data'),
      signature: bytes('signature'),
      userHandle: bytes('user'),
    },
  };
}

/**
 * Installs WebAuthn for the test file: `create` and `get` are spies answering a credential, or
 * rejecting with a `NotAllowedError` after `cancelNextPrompt()`.
 */
export function installFakeWebAuthn() {
  const credentials = {
    create: vi.fn(async () => madeCredential()),
    get: vi.fn(async () => provedCredential()),
  };
  const install = () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
  };
  // Before each test: globals stubbed are restored after every test.
  beforeEach(() => {
    credentials.create.mockClear();
    credentials.get.mockClear();
    install();
  });
  return {
    credentials,
    /** The next prompt is closed by the person. */
    cancelNextPrompt() {
      const closed = new DOMException(
        'The operation either timed out or was not allowed.',
        'NotAllowedError',
      );
      credentials.create.mockRejectedValueOnce(closed);
      credentials.get.mockRejectedValueOnce(closed);
    },
    /** A browser without WebAuthn, until the next test. */
    remove() {
      vi.stubGlobal('PublicKeyCredential', undefined);
    },
  };
}
