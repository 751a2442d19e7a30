// What other features may use of instances (the only file they may import from it): the query
// keys an order invalidates, and the credential cells the dynamic account shows alike.
export { instanceKeys } from './api.ts';
export { CopyableCode } from './components/copyable-code.tsx';
export { PasswordCell } from './components/password-cell.tsx';
