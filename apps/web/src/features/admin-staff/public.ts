// What other features may use of admin-staff (the only file they may import from it): the colour
// each staff role wears, so the audit log tags an actor as the staff page does.
export { staffRoleColors } from './staff-roles.ts';
