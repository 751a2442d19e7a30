// The bounds every connection lives within. Tests shrink them; `main.ts` reads some from the
// environment.
export interface ProxyLimits {
  /** Open connections one credential may hold (default 256); beyond it: SOCKS5 0x02, HTTP 429. */
  maxConnectionsPerCredential: number;
  /** Open connections in all, handshakes included (default 50 000); beyond it: closed at once. */
  maxConnections: number;
  /** An established tunnel with no traffic either way closes after this (default 5 min). */
  idleTimeoutMs: number;
  /** The client's side of the handshake must be done within this (default 10 s). */
  handshakeTimeoutMs: number;
  /** Connecting to the destination gives up after this (default 10 s). */
  connectTimeoutMs: number;
  /** Bytes one handshake message may take, HTTP request head included (default 16 KiB). */
  maxHandshakeBytes: number;
}

export const defaultLimits: ProxyLimits = {
  maxConnectionsPerCredential: 256,
  maxConnections: 50_000,
  idleTimeoutMs: 5 * 60_000,
  handshakeTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  maxHandshakeBytes: 16 * 1024,
};
