import { errors, type ErrorName, type ErrorParams } from '@stratus/contract';

/**
 * The one error services throw: a named kind from the contract's catalogue (which fixes its
 * number, HTTP status and messages), the message's placeholder values, and optional `data`.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly kind: ErrorName;
  readonly params: ErrorParams;
  readonly details: unknown;

  constructor(
    kind: ErrorName,
    params: ErrorParams = {},
    details: unknown = null,
    options?: ErrorOptions,
  ) {
    super(`${kind} ${JSON.stringify(params)}`, options);
    this.kind = kind;
    this.params = params;
    this.details = details;
  }

  get status(): number {
    return errors[this.kind].status;
  }
}
