import { hasPermission } from '@stratus/contract';
import { useMe } from '../users/public.ts';

/** Whether the signed-in member of staff may change the catalog (`catalog.manage`). */
export function useCanManageCatalog(): boolean {
  const role = useMe().data?.role;
  return role !== undefined && hasPermission(role, 'catalog.manage');
}
