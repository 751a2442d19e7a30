// What other features may use of passkeys: the card of the security page.
export { PasskeysCard } from './components/passkeys-card.tsx';
