import { errors } from '@stratus/contract';
import { isApiError } from './api-error.ts';
import type { StepUpActions } from './step-up-actions.ts';

/** Whether a refusal asks the session to prove its factor again (403 `stepUpRequired`). */
export function isStepUpRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === errors.stepUpRequired.code;
}

let asking: Promise<boolean> | undefined;

/**
 * Asks the person for a code (or the password, without two-step verification) in a modal and
 * steps the session up; resolves true once it has, false when they cancel or the modal cannot
 * load. Calls refused together share the one modal. The modal is fetched with its first use, as
 * the toasts are: shared/ reaches app/ only by a lazy `import()` (docs/conventions.md).
 */
export function requestStepUp(actions: StepUpActions): Promise<boolean> {
  if (!asking) {
    const current = import('../../app/step-up-dialog.tsx')
      .then((module) => module.askForStepUp(actions))
      .catch(() => false)
      .finally(() => {
        if (asking === current) asking = undefined;
      });
    asking = current;
  }
  return asking;
}
