// Errors in Stripe's wire shape, so the SDK raises StripeInvalidRequestError (400/404),
// StripeAuthenticationError (401) or StripeIdempotencyError with .message, .param and .code.

export class StripeApiError extends Error {
  /**
   * @param {number} statusCode
   * @param {{ type?: string, message: string, param?: string, code?: string }} body
   */
  constructor(statusCode, { type = "invalid_request_error", message, param, code }) {
    super(message);
    this.statusCode = statusCode;
    this.type = type;
    this.param = param;
    this.code = code;
  }

  /** The JSON body Stripe answers with. */
  toJSON() {
    /** @type {{ type: string, message: string, param?: string, code?: string }} */
    const error = { type: this.type, message: this.message };
    if (this.param !== undefined) error.param = this.param;
    if (this.code !== undefined) error.code = this.code;
    return { error };
  }
}

/**
 * @param {string} message
 * @param {string} [param]
 * @param {string} [code]
 */
export const invalid = (message, param, code) => new StripeApiError(400, { message, param, code });

/** @param {string} param */
export const missing = (param) => new StripeApiError(400, { message: `Missing required param: ${param}.`, param, code: "parameter_missing" });

/** @param {string} param */
export const unknownParam = (param) =>
  new StripeApiError(400, { message: `Received unknown parameter: ${param}`, param, code: "parameter_unknown" });

/**
 * A missing object: 404 for the object in the URL, 400 for one named by a parameter (as Stripe).
 * @param {string} kind  e.g. "checkout.session"
 * @param {string} id
 * @param {string} [param]  the parameter that named it; omitted for the URL's own id
 */
export const noSuch = (kind, id, param) =>
  new StripeApiError(param ? 400 : 404, { message: `No such ${kind}: '${id}'`, param: param ?? "id", code: "resource_missing" });
