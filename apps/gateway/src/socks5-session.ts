// A SOCKS5 session: method negotiation (username/password only: a proxy that sells access never
// runs open), RFC 1929 authentication, the CONNECT request, and the reply once the destination
// is connected.
import type { Grant } from './credentials/credential-store.ts';
import {
  CONNECT_COMMAND,
  encodeSocks5AuthStatus,
  encodeSocks5MethodChoice,
  encodeSocks5Reply,
  parseSocks5Credentials,
  parseSocks5Greeting,
  parseSocks5Request,
  socks5Reply,
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
  if (!methods.includes(USERNAME_PASSWORD_METHOD)) {
    endWithReply(socket, encodeSocks5MethodChoice(false));
    return null;
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
  const { upstream } = opened;
  socket.write(
    encodeSocks5Reply(socks5Reply.succeeded, {
      address: upstream.localAddress,
      port: upstream.localPort,
    }),
  );
  return { grant, upstream, reads: opened.reads };
}
