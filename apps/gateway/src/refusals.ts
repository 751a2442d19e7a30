// Every reason the gateway turns a client away, and how each protocol says it. SOCKS5 can refuse
// at authentication (RFC 1929 status 0x01, then close) or at the request (an RFC 1928 reply
// code); HTTP answers a status.
import type { AuthenticationRefusal } from './credentials/credential-store.ts';
import { socks5Reply, type Socks5ReplyCode } from './protocol/socks5.ts';

export type Refusal =
  | AuthenticationRefusal
  /** No credentials at all (HTTP without Proxy-Authorization). */
  | 'missing'
  /** The credential has its maximum of open connections. */
  | 'limit'
  /** Withdrawn between authentication and connecting. */
  | 'revoked'
  /** The destination policy refuses the destination. */
  | 'policy'
  /** The destination could not be reached. */
  | 'unreachable';

export const httpRefusals: Record<Refusal, { status: number; message: string }> = {
  missing: { status: 407, message: 'Proxy credentials required' },
  invalid: { status: 407, message: 'Wrong proxy username or password' },
  expired: { status: 407, message: 'This proxy IP has expired' },
  revoked: { status: 407, message: 'These proxy credentials were withdrawn' },
  protocol: { status: 403, message: 'HTTP is not included in this proxy IP’s plan' },
  exhausted: { status: 403, message: 'Traffic exhausted: buy a traffic package to continue' },
  noEgress: { status: 403, message: 'No exit IP for that region' },
  policy: { status: 403, message: 'Destination not allowed' },
  limit: { status: 429, message: 'Too many connections for these credentials' },
  unreachable: { status: 502, message: 'Destination unreachable' },
};

/** Refusals a SOCKS5 client hears as an authentication failure; the others as a request reply. */
export const socksAuthenticationRefusals: ReadonlySet<Refusal> = new Set<Refusal>([
  'missing',
  'invalid',
  'expired',
  'protocol',
  'exhausted',
]);

/** The RFC 1928 reply for a refused request; `errorCode` is the connect error, if any. */
export function socksReplyFor(refusal: Refusal, errorCode?: string): Socks5ReplyCode {
  if (refusal !== 'unreachable') return socks5Reply.notAllowedByRuleset;
  switch (errorCode) {
    case 'ECONNREFUSED':
      return socks5Reply.connectionRefused;
    case 'ENETUNREACH':
      return socks5Reply.networkUnreachable;
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return socks5Reply.hostUnreachable;
    default:
      return socks5Reply.generalFailure;
  }
}
