// What other features may use of sub-users: the card of the dynamic page, and the sub-users the
// traffic history filters by.
export { SubUsersCard } from './components/sub-users-card.tsx';
export { useSubUsers } from './api.ts';
