import "server-only";

export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation_failed"
  | "rate_limited"
  | "internal"
  | "bad_gateway";

const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  // A provider we depend on (the payment provider) refused or did not answer.
  bad_gateway: 502,
};

export type FieldErrors = Record<string, string[]>;

/** The one error type services throw; apiRoute turns it into the spec's error body. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    // Extra response headers, e.g. Retry-After on rate_limited.
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status() {
    return statusByCode[this.code];
  }
}
