// Where a webhook may go. Any http(s) URL without credentials; in production only hosts on the
// public internet: a URL whose host is, or resolves to, a loopback, private, link-local or cloud
// metadata address is refused when it is saved, and again each time a delivery connects (the
// connection uses the very addresses that were checked, so a name that resolves to a public
// address at save and to a private one later is caught at send).
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { isReservedAddress } from '../../ip-blocks.ts';

export type UrlCheck =
  | { ok: true; url: URL }
  | { ok: false; problem: 'invalid' }
  | { ok: false; problem: 'private'; host: string };

/** `text` as a webhook URL, or why it is not one (the form alone: no name is resolved). */
export function parseWebhookUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url;
}

/** The host of `url` as an address literal (`[::1]` → `::1`), or undefined for a name. */
function literalAddressOf(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) === 0 ? undefined : host;
}

/** Thrown by the guarded lookup: the name resolved to an address no webhook may reach. */
export class PrivateDestinationError extends Error {
  readonly host: string;
  readonly address: string;

  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or reserved address; not sent`);
    this.name = 'PrivateDestinationError';
    this.host = host;
    this.address = address;
  }
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });
}

/**
 * Checks `text` as a webhook URL; with `refusePrivate` (production) its host is resolved and every
 * address it has must be public. A name that does not resolve is let through: the deliveries say
 * so, and each connection is checked again.
 */
export async function checkWebhookUrl(
  text: string,
  { refusePrivate }: { refusePrivate: boolean },
): Promise<UrlCheck> {
  const url = parseWebhookUrl(text);
  if (!url) return { ok: false, problem: 'invalid' };
  if (!refusePrivate) return { ok: true, url };
  const literal = literalAddressOf(url);
  if (literal !== undefined) {
    return isReservedAddress(literal)
      ? { ok: false, problem: 'private', host: url.hostname }
      : { ok: true, url };
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    return { ok: true, url };
  }
  return addresses.some(({ address }) => isReservedAddress(address))
    ? { ok: false, problem: 'private', host: url.hostname }
    : { ok: true, url };
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that refuses names resolving to any reserved address, so a
 * delivery connects only to addresses it checked. Literal addresses never reach a lookup: the
 * sender checks them itself.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const reserved = addresses.find(({ address }) => isReservedAddress(address));
    if (reserved) return callback(new PrivateDestinationError(hostname, reserved.address), []);
    const [first] = addresses;
    if (options.all) return callback(null, addresses);
    if (!first)
      return callback(
        Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
        [],
      );
    callback(null, first.address, first.family);
  });
}

/** Whether `url`'s host is an address literal that no webhook may reach. */
export function isPrivateLiteral(url: URL): boolean {
  const literal = literalAddressOf(url);
  return literal !== undefined && isReservedAddress(literal);
}
