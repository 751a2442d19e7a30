// HTTP proxying as pure functions: the request head (CONNECT or an absolute URI), the Basic
// credentials of `Proxy-Authorization`, and the proxy's own answers. Only the head is parsed;
// tunnels are relayed as bytes and absolute-URI requests are rewritten by `origin-request.ts`.
import { HandshakeError, type Parsed } from './handshake-reader.ts';

export interface HttpProxyRequest {
  method: string;
  /** CONNECT: `host:port`; otherwise the absolute URI. */
  target: string;
  version: string;
  /** Header lines as received, in order (names keep their case). */
  headers: [string, string][];
}

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const requestLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) (HTTP\/1\.[01])$/;
const headerLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

/**
 * Bytes through the blank line ending the head, or -1 when it has not arrived. Lines end in
 * CRLF; a bare LF is accepted too, as RFC 9112 allows a recipient to.
 */
function findHeadEnd(buffer: Buffer): number {
  for (let at = buffer.indexOf(LINE_FEED); at >= 0; at = buffer.indexOf(LINE_FEED, at + 1)) {
    const next = buffer[at + 1];
    if (next === LINE_FEED) return at + 2;
    if (next === CARRIAGE_RETURN && buffer[at + 2] === LINE_FEED) return at + 3;
  }
  return -1;
}

function badRequest(message: string): HandshakeError {
  return new HandshakeError(message, httpProxyResponse(400, 'Bad proxy request'));
}

/** The request line and headers, once the blank line after them has arrived. */
export function parseHttpProxyHead(buffer: Buffer): Parsed<HttpProxyRequest> | null {
  const length = findHeadEnd(buffer);
  if (length < 0) return null;
  const lines = buffer.toString('latin1', 0, length).split(/\r?\n/);
  const match = requestLine.exec(lines[0]!);
  if (!match) throw badRequest('bad HTTP request line');
  const headers: [string, string][] = [];
  for (const line of lines.slice(1)) {
    if (!line) continue;
    // A bare CR or a NUL inside a header would reach the origin and could split the request.
    const header = /[\r\0]/.test(line) ? null : headerLine.exec(line);
    if (!header) throw badRequest('bad HTTP header line');
    headers.push([header[1]!, header[2]!]);
  }
  return { value: { method: match[1]!, target: match[2]!, version: match[3]!, headers }, length };
}

export function headerValues(request: HttpProxyRequest, name: string): string[] {
  const lower = name.toLowerCase();
  return request.headers.filter(([key]) => key.toLowerCase() === lower).map(([, value]) => value);
}

/** The Basic credentials of `Proxy-Authorization`, or null when there are none or not Basic. */
export function proxyCredentials(
  request: HttpProxyRequest,
): { username: string; password: string } | null {
  const [value = ''] = headerValues(request, 'proxy-authorization');
  const match = /^Basic +([A-Za-z0-9+/]+={0,2})$/i.exec(value);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * `host:port` (IPv6 in brackets); the port may be left out only when `defaultPort` is given.
 * Null when malformed.
 */
export function parseAuthority(
  authority: string,
  defaultPort?: number,
): { host: string; port: number } | null {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9._~%!$&'()*+,;=-]+))(?::(\d{1,5}))?$/.exec(
    authority,
  );
  if (!match) return null;
  const port = match[3] === undefined ? defaultPort : Number(match[3]);
  if (port === undefined || port < 1 || port > 65535) return null;
  return { host: (match[1] ?? match[2])!, port };
}

const reasons: Record<number, string> = {
  200: 'Connection Established',
  400: 'Bad Request',
  403: 'Forbidden',
  407: 'Proxy Authentication Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
};

export const PROXY_REALM = 'Stratus proxy';

/** A complete proxy answer; errors carry a one-line text body and close the connection. */
export function httpProxyResponse(status: number, message = ''): Buffer {
  const reason = reasons[status] ?? 'Error';
  if (status === 200) return Buffer.from(`HTTP/1.1 200 ${reason}\r\n\r\n`, 'latin1');
  const body = `${message || reason}\n`;
  const challenge = status === 407 ? `Proxy-Authenticate: Basic realm="${PROXY_REALM}"\r\n` : '';
  return Buffer.from(
    `HTTP/1.1 ${status} ${reason}\r\n${challenge}Content-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    'utf8',
  );
}
