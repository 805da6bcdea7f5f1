/** Stripe's error body: { error: { type, message, code?, param? } } with Stripe's status codes. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: "invalid_request_error" | "authentication_error" | "card_error" | "api_error" | "idempotency_error",
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(400, "invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param);

export const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, "invalid_request_error", message, "parameter_invalid_empty", param);

export const noSuch = (what: string, id: string, param = "id") =>
  new StripeApiError(404, "invalid_request_error", `No such ${what}: '${id}'`, "resource_missing", param);
