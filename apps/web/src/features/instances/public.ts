// What other features may use of instances (the only file they may import from it): the query
// keys an order invalidates, and the credential cells the dynamic account shows alike.
export { instanceKeys } from './api.ts';
export { CopyableCode } from './components/copyable-code.tsx';
export { PasswordCell } from './components/password-cell.tsx';
// How an instance's state and protocols are shown, for the operator console's customer page.
export { InstanceStatusTag } from './components/instance-status-tag.tsx';
export { ProtocolTags } from './components/protocol-tags.tsx';
// The static IPs the traffic history filters by.
export { useInstances } from './api.ts';
