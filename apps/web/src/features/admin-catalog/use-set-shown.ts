import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../shared/ui/feedback.ts';

/** A plan's update mutation, of which showing or hiding sends only `active`. */
interface ShowHideMutation {
  mutateAsync: (variables: { id: string; body: { active: boolean } }) => Promise<unknown>;
}

/**
 * Shows or hides a plan (static-IP or traffic) in the shop with `update`, toasting the plan's
 * name; a refusal is toasted by the mutation itself.
 */
export function useSetShown<Plan extends { id: string }>(
  update: ShowHideMutation,
  nameOf: (plan: Plan) => string,
): (plan: Plan, active: boolean) => Promise<void> {
  const { t } = useTranslation();
  return (plan, active) =>
    update
      .mutateAsync({ id: plan.id, body: { active } })
      .then(() =>
        showSuccessToast(
          t(active ? 'adminCatalog.plan.shownToast' : 'adminCatalog.plan.hiddenToast', {
            plan: nameOf(plan),
          }),
        ),
      )
      .catch(() => undefined);
}
