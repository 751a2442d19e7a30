// A SOCKS5 session: method negotiation (username/password; "no authentication" only for a source
// on its owner's allowlist: a proxy that sells access never runs open), RFC 1929 authentication,
// the CONNECT request, and the reply once the destination is connected.
import type { AuthenticationResult, Grant } from './credentials/credential-store.ts';
import {
  CONNECT_COMMAND,
  encodeSocks5AuthStatus,
  encodeSocks5MethodChoice,
  encodeSocks5Reply,
  parseSocks5Credentials,
  parseSocks5Greeting,
  parseSocks5Request,
  socks5Reply,
  NO_AUTHENTICATION_METHOD,
  USERNAME_PASSWORD_METHOD,
} from './protocol/socks5.ts';
import { socksAuthenticationRefusals, socksReplyFor } from './refusals.ts';
import {
  endWithReply,
  openUpstream,
  type ClientConnection,
  type SessionContext,
  type Tunnel,
} from './session-context.ts';

export async function serveSocks5(
  context: SessionContext,
  { socket, reader, handshakeComplete }: ClientConnection,
): Promise<Tunnel | null> {
  const { methods } = await reader.read(parseSocks5Greeting);
  const auth = await negotiate(context, { socket, reader, handshakeComplete }, methods);
  if (!auth) return null;

  const request = await reader.read(parseSocks5Request);
  handshakeComplete();
  if (request.command !== CONNECT_COMMAND) {
    endWithReply(socket, encodeSocks5Reply(socks5Reply.commandNotSupported));
    return null;
  }
  if (!auth.ok) {
    endWithReply(socket, encodeSocks5Reply(socksReplyFor(auth.reason)));
    return null;
  }
  const grant: Grant = auth.grant;
  const opened = await openUpstream(context, socket, grant, request);
  if (!opened.ok) {
    context.logger.debug?.(
      { reason: opened.refusal, host: request.host },
      'socks5 request refused',
    );
    if (!socket.destroyed) {
      endWithReply(socket, encodeSocks5Reply(socksReplyFor(opened.refusal, opened.errorCode)));
    }
    return null;
  }
  socket.write(encodeSocks5Reply(socks5Reply.succeeded, opened.bound));
  return { grant, upstream: opened.upstream, reads: opened.reads };
}

/**
 * The method choice and its authentication: username/password whenever the client offers it
 * (credentials keep working from an allowlisted source), "no authentication" only when it does
 * not and its source address is allowlisted. Null once the session was refused and ended.
 */
async function negotiate(
  context: SessionContext,
  { socket, reader }: ClientConnection,
  methods: number[],
): Promise<AuthenticationResult | null> {
  if (!methods.includes(USERNAME_PASSWORD_METHOD)) {
    const bySource = methods.includes(NO_AUTHENTICATION_METHOD)
      ? context.store.authenticateSource({
          localAddress: socket.localAddress,
          remoteAddress: socket.remoteAddress,
          protocol: 'socks5',
        })
      : null;
    if (!bySource) {
      endWithReply(socket, encodeSocks5MethodChoice(false));
      return null;
    }
    // A refusal that remains (expired, out of traffic) is answered at the request.
    socket.write(encodeSocks5MethodChoice(NO_AUTHENTICATION_METHOD));
    return bySource;
  }
  socket.write(encodeSocks5MethodChoice(true));

  const { username, password } = await reader.read(parseSocks5Credentials);
  const auth = context.store.authenticate({
    localAddress: socket.localAddress,
    username,
    password,
    protocol: 'socks5',
  });
  if (!auth.ok && socksAuthenticationRefusals.has(auth.reason)) {
    context.logger.debug?.({ reason: auth.reason, username }, 'socks5 authentication refused');
    endWithReply(socket, encodeSocks5AuthStatus(false));
    return null;
  }
  // The credentials are right; a refusal that remains (no egress for the region) is the
  // request's, where SOCKS5 can say "not allowed by ruleset".
  socket.write(encodeSocks5AuthStatus(true));
  return auth;
}
