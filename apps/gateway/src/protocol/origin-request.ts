// An absolute-URI request (`GET http://host:port/path HTTP/1.1`) rewritten for the origin: the
// origin-form target, `Host` from the URI (RFC 9112 §3.2.2: a proxy must replace it), the
// hop-by-hop and proxy headers removed, and `Connection: close`. One request per client
// connection keeps the relay a plain byte pipe; the body is forwarded as framed by the client
// (`request-body.ts`) and whatever follows it is dropped, so a pipelined second request, with
// its Proxy-Authorization, never reaches the origin.
import { HandshakeError } from './handshake-reader.ts';
import {
  headerValues,
  httpProxyResponse,
  parseAuthority,
  type HttpProxyRequest,
} from './http-proxy.ts';
import type { BodyFraming } from './request-body.ts';

export interface OriginRequest {
  host: string;
  port: number;
  /** The request head as the origin receives it. */
  head: Buffer;
  body: BodyFraming;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'upgrade',
  'host',
]);

function badRequest(message: string): HandshakeError {
  return new HandshakeError(message, httpProxyResponse(400, message));
}

/** How the client frames its body; ambiguous framing (a request-smuggling vector) is refused. */
function bodyFramingOf(request: HttpProxyRequest): BodyFraming {
  const transferEncodings = headerValues(request, 'transfer-encoding');
  const lengths = headerValues(request, 'content-length');
  if (transferEncodings.length) {
    if (lengths.length) throw badRequest('Both Transfer-Encoding and Content-Length');
    const codings = transferEncodings.join(',').toLowerCase().split(',');
    if (codings.at(-1)?.trim() !== 'chunked') throw badRequest('Unsupported Transfer-Encoding');
    return { kind: 'chunked' };
  }
  if (!lengths.length) return { kind: 'none' };
  const values = new Set(
    lengths
      .join(',')
      .split(',')
      .map((value) => value.trim()),
  );
  const [value] = values;
  if (values.size !== 1 || !/^\d{1,15}$/.test(value!)) throw badRequest('Bad Content-Length');
  const bytes = Number(value);
  return bytes ? { kind: 'length', bytes } : { kind: 'none' };
}

/** The request for the origin; null when the target is not an `http://` URI. */
export function toOriginRequest(request: HttpProxyRequest): OriginRequest | null {
  const uri = /^http:\/\/([^/?#]*)([^#]*)/i.exec(request.target);
  if (!uri) return null;
  const authority = uri[1]!;
  const destination = parseAuthority(authority, 80);
  if (!destination) return null;
  const path = uri[2] ? (uri[2].startsWith('/') ? uri[2] : `/${uri[2]}`) : '/';
  const named = new Set(
    headerValues(request, 'connection').flatMap((value) =>
      value.split(',').map((name) => name.trim().toLowerCase()),
    ),
  );
  const lines = [`${request.method} ${path} ${request.version}`, `Host: ${authority}`];
  for (const [name, value] of request.headers) {
    const lower = name.toLowerCase();
    if (!HOP_BY_HOP.has(lower) && !named.has(lower)) lines.push(`${name}: ${value}`);
  }
  lines.push('Connection: close', '', '');
  return {
    ...destination,
    head: Buffer.from(lines.join('\r\n'), 'latin1'),
    body: bodyFramingOf(request),
  };
}
