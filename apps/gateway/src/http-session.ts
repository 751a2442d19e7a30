// An HTTP proxy session: the request head, `Proxy-Authorization: Basic`, then either a CONNECT
// tunnel (raw bytes once `200 Connection Established` is sent) or an absolute-URI request
// rewritten and forwarded to the origin.
import { HandshakeError, HandshakeTooLargeError } from './protocol/handshake-reader.ts';
import {
  httpProxyResponse,
  parseAuthority,
  parseHttpProxyHead,
  proxyCredentials,
} from './protocol/http-proxy.ts';
import { toOriginRequest } from './protocol/origin-request.ts';
import { RequestBodyTracker } from './protocol/request-body.ts';
import { httpRefusals, type Refusal } from './refusals.ts';
import {
  endWithReply,
  openUpstream,
  type ClientConnection,
  type SessionContext,
  type Tunnel,
} from './session-context.ts';

export async function serveHttp(
  context: SessionContext,
  { socket, reader, handshakeComplete }: ClientConnection,
): Promise<Tunnel | null> {
  const refuse = (refusal: Refusal): null => {
    const { status, message } = httpRefusals[refusal];
    if (!socket.destroyed) endWithReply(socket, httpProxyResponse(status, message));
    return null;
  };
  const request = await reader.read(parseHttpProxyHead).catch((error: Error) => {
    if (error instanceof HandshakeTooLargeError) {
      throw new HandshakeError(error.message, httpProxyResponse(431));
    }
    throw error;
  });
  handshakeComplete();

  const credentials = proxyCredentials(request);
  // Without `Proxy-Authorization` only an allowlisted source address is served.
  const auth = credentials
    ? context.store.authenticate({
        localAddress: socket.localAddress,
        ...credentials,
        protocol: 'http',
      })
    : context.store.authenticateSource({
        localAddress: socket.localAddress,
        remoteAddress: socket.remoteAddress,
        protocol: 'http',
      });
  if (!auth) return refuse('missing');
  if (!auth.ok) {
    context.logger.debug?.(
      { reason: auth.reason, username: credentials?.username },
      'http authentication refused',
    );
    return refuse(auth.reason);
  }

  const connect = request.method === 'CONNECT';
  const origin = connect ? null : toOriginRequest(request);
  const target = connect ? parseAuthority(request.target) : origin;
  if (!target) {
    endWithReply(
      socket,
      httpProxyResponse(400, 'Bad proxy request: CONNECT host:port or an http:// URI'),
    );
    return null;
  }
  const opened = await openUpstream(context, socket, auth.grant, target);
  if (!opened.ok) {
    context.logger.debug?.({ reason: opened.refusal, host: target.host }, 'http request refused');
    return refuse(opened.refusal);
  }
  if (connect) socket.write(httpProxyResponse(200));
  return {
    grant: auth.grant,
    upstream: opened.upstream,
    reads: opened.reads,
    head: origin?.head,
    requestBody: origin ? new RequestBodyTracker(origin.body) : undefined,
  };
}
