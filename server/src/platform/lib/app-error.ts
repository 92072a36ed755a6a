/** What went wrong, in terms the HTTP layer maps to a status code (see `statusOf`). */
export type AppErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unprocessable'
  | 'too_many_requests'
  | 'unavailable'
  | 'internal';

export interface AppErrorDetails {
  issues?: { path: string; message: string }[];
  retryAfterSeconds?: number;
  allow?: string[];
}

/** An expected failure whose message is meant for the student as is. */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  too_many_requests: 429,
  unavailable: 503,
  /** An unexpected failure with a message of its own (spec: 'There was something wrong while creating test!'). */
  internal: 500,
} as const satisfies Record<AppErrorKind, number>;

export function statusOf(kind: AppErrorKind): (typeof STATUS)[AppErrorKind] {
  return STATUS[kind];
}
