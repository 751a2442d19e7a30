/** Codes for failures that never reached an envelope (the server's codes are all positive). */
export const CLIENT_ERROR_CODES = {
  network: -1,
  timeout: -2,
  unreadable: -3,
  httpStatus: -4,
} as const;

export interface ApiErrorInit {
  /** The envelope's code, or one of CLIENT_ERROR_CODES. */
  code: number;
  /** Localised text fit to show the user. */
  message: string;
  /** HTTP status; 0 when no response arrived. */
  status: number;
}

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;

  constructor({ code, message, status }: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
