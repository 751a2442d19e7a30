// HTTP proxying: CONNECT tunnels and absolute-URI requests (`GET http://host/path HTTP/1.1`),
// authenticated by `Proxy-Authorization: Basic`. Only the request head is parsed; bodies and
// tunnels are relayed as bytes.
import { HandshakeError } from './socket-reader.ts';

export interface HttpProxyRequest {
  method: string;
  /** CONNECT: `host:port`; otherwise the absolute URI. */
  target: string;
  version: string;
  /** Header lines as received, in order (names keep their case). */
  headers: [string, string][];
}

const requestLine = /^([A-Z]+) (\S+) (HTTP\/1\.[01])$/;
const headerLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

export function parseHttpProxyHead(head: Buffer): HttpProxyRequest {
  const lines = head.toString('latin1').split('\r\n');
  const match = requestLine.exec(lines[0] ?? '');
  if (!match) throw new HandshakeError('bad HTTP request line');
  const headers: [string, string][] = [];
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const header = headerLine.exec(line);
    if (!header) throw new HandshakeError('bad HTTP header');
    headers.push([header[1]!, header[2]!]);
  }
  return { method: match[1]!, target: match[2]!, version: match[3]!, headers };
}

export function headerValue(request: HttpProxyRequest, name: string): string | undefined {
  const lower = name.toLowerCase();
  return request.headers.find(([key]) => key.toLowerCase() === lower)?.[1];
}

/** The Basic credentials of `Proxy-Authorization`, or null. */
export function proxyCredentials(
  request: HttpProxyRequest,
): { username: string; password: string } | null {
  const match = /^Basic +([A-Za-z0-9+/=]+)$/i.exec(
    headerValue(request, 'proxy-authorization') ?? '',
  );
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** `host:port` of a CONNECT request (IPv6 in brackets), or null. */
export function parseAuthority(authority: string): { host: string; port: number } | null {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(authority);
  if (!match) return null;
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return null;
  return { host: (match[1] ?? match[2])!, port };
}

/**
 * An absolute-URI request rewritten for the origin: origin-form target, the proxy's own headers
 * removed, and `Connection: close` (one request per proxied connection keeps the relay a plain
 * byte pipe). Null when the URI is not http:// with a host.
 */
export function toOriginRequest(
  request: HttpProxyRequest,
): { host: string; port: number; head: Buffer } | null {
  let url: URL;
  try {
    url = new URL(request.target);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !url.hostname) return null;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const hop = new Set(['proxy-authorization', 'proxy-connection', 'connection', 'keep-alive']);
  const lines = [`${request.method} ${url.pathname}${url.search} ${request.version}`];
  let hasHost = false;
  for (const [name, value] of request.headers) {
    const lower = name.toLowerCase();
    if (hop.has(lower)) continue;
    if (lower === 'host') hasHost = true;
    lines.push(`${name}: ${value}`);
  }
  if (!hasHost) lines.push(`Host: ${url.host}`);
  lines.push('Connection: close', '', '');
  return {
    host,
    port: url.port ? Number(url.port) : 80,
    head: Buffer.from(lines.join('\r\n'), 'latin1'),
  };
}

const reasons: Record<number, string> = {
  200: 'Connection Established',
  400: 'Bad Request',
  403: 'Forbidden',
  407: 'Proxy Authentication Required',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
};

/** A complete proxy response; errors carry a one-line text body and close the connection. */
export function httpProxyResponse(status: number, message = ''): Buffer {
  const reason = reasons[status] ?? 'Error';
  if (status === 200) return Buffer.from(`HTTP/1.1 200 ${reason}\r\n\r\n`, 'latin1');
  const body = `${message || reason}\n`;
  const extra = status === 407 ? 'Proxy-Authenticate: Basic realm="Stratus proxy"\r\n' : '';
  return Buffer.from(
    `HTTP/1.1 ${status} ${reason}\r\n${extra}Content-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    'utf8',
  );
}
