// What other features may use of users (the only file they may import from it): switching the
// language (saved to the profile when signed in) and where the API documentation is.
export { useSwitchLanguage } from './api.ts';
export { API_DOCS_URL } from './api-example.ts';
// The signed-in user (the operator console reads the role from it).
export { useMe } from './api.ts';
