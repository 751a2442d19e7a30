/**
 * What the step-up modal calls, handed to it by the HTTP client (the modal does not import the
 * client, which fetches it: no import cycle).
 */
export interface StepUpActions {
  /** Whether the account has two-step verification (asks a code) or not (asks the password). */
  twoStepEnabled(): Promise<boolean>;
  /** Proves the factor for this session; rejects with the refusal (an `ApiError`). */
  stepUp(proof: { code: string } | { password: string }): Promise<void>;
}
