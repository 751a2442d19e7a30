// What other features use of the operator's orders: the order drawer with its refund.
export { AdminOrderDrawer } from './components/admin-order-drawer.tsx';
