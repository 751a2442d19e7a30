// The api-keys module's public face: what the auth module and the auth plugin use.
export { authenticateApiKey, isSourceAllowed } from './service.ts';
export type { ApiKeyAuthentication } from './service.ts';
