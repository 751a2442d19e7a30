// The passkeys module's public face: an account's passkeys and signing in with one. Its routes
// are mounted by app.ts; nothing else imports it yet.
export { registerPasskeyRoutes } from './routes.ts';
