// The security module's public face: two-step verification of the signed-in account. Its routes
// are mounted by app.ts; nothing else imports it yet.
export { registerSecurityRoutes } from './routes.ts';
