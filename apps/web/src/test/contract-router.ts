// Routes a request to the contract endpoint the server would answer it with: same method, the
// path below `API_PREFIX`, and Fastify's order when two paths match (static segments first).
import * as contract from '@stratus/contract';
import { API_PREFIX, type EndpointDefinition } from '@stratus/contract';

const endpoints = (Object.values(contract) as unknown[]).filter(
  (value): value is EndpointDefinition =>
    typeof value === 'object' && value !== null && 'method' in value && 'response' in value,
);

/** The parameters of `pathname` against a contract path, or null when it does not match. */
function matchPath(template: string, pathname: string): Record<string, string> | null {
  const want = template.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = got[index]!;
    if (segment.startsWith(':')) {
      if (!actual) return null;
      params[segment.slice(1)] = decodeURIComponent(actual);
    } else if (segment !== actual) return null;
  }
  return params;
}

/** Sort order of Fastify's router: at the first segment where two routes differ, static first. */
function staticFirst(a: EndpointDefinition, b: EndpointDefinition): number {
  const left = a.path.split('/');
  const right = b.path.split('/');
  for (const [index, segment] of left.entries()) {
    const other = right[index] ?? '';
    const difference = Number(other.startsWith(':')) - Number(segment.startsWith(':'));
    if (difference !== 0) return -difference;
  }
  return 0;
}

/** The endpoint and path parameters for a request, or undefined when no endpoint matches. */
export function route(method: string, pathname: string) {
  if (!pathname.startsWith(`${API_PREFIX}/`)) return undefined;
  const below = pathname.slice(API_PREFIX.length);
  const candidates = endpoints
    .filter((endpoint) => endpoint.method === method)
    .map((endpoint) => ({ endpoint, params: matchPath(endpoint.path, below) }))
    .filter((candidate) => candidate.params !== null)
    .sort((a, b) => staticFirst(a.endpoint, b.endpoint));
  return candidates[0] as
    { endpoint: EndpointDefinition; params: Record<string, string> } | undefined;
}
