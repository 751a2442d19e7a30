// The route of every endpoint of the contract, by the endpoint's name: what the web app calls
// endpoints with. Here it is worked out from the endpoints themselves (so building their schemas);
// the web app's build replaces this module by its value (apps/web/build/contract-routes.ts), so a
// browser builds a schema only where a form or a filter uses one.
import { routeOf, type EndpointDefinition, type EndpointRoute } from './endpoint.ts';
import * as contract from './index.ts';

type Contract = typeof contract;
type EndpointName = {
  [Name in keyof Contract]: Contract[Name] extends EndpointDefinition ? Name : never;
}[keyof Contract];

export type ApiRoutes = { readonly [Name in EndpointName]: EndpointRoute<Contract[Name]> };

/** Whether an export of the contract is an endpoint (`defineEndpoint`'s shape). */
function isEndpoint(value: unknown): value is EndpointDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const { method, path, access, response } = value as Partial<EndpointDefinition>;
  return (
    typeof method === 'string' &&
    typeof path === 'string' &&
    typeof access === 'string' &&
    response !== undefined
  );
}

export const apiRoutes = Object.fromEntries(
  Object.entries(contract).flatMap(([name, value]) =>
    isEndpoint(value) ? [[name, routeOf(value)]] : [],
  ),
) as ApiRoutes;
