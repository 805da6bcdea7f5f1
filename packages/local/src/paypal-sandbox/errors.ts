import { randomBytes } from "node:crypto";

/**
 * PayPal's REST error body: { name, message, debug_id, details: [{ issue, description, field? }] }
 * with PayPal's status codes (400 INVALID_REQUEST, 401 AUTHENTICATION_FAILURE, 404
 * RESOURCE_NOT_FOUND, 422 UNPROCESSABLE_ENTITY). The OAuth endpoint answers its own
 * { error, error_description } shape instead (see OAuthError).
 */
export interface IssueDetail {
  issue: string;
  description: string;
  field?: string;
  location?: "body" | "path" | "header" | "query";
}

export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly name: string,
    message: string,
    readonly details: IssueDetail[] = [],
  ) {
    super(message);
  }

  body() {
    return {
      name: this.name,
      message: this.message,
      debug_id: randomBytes(7).toString("hex"),
      ...(this.details.length ? { details: this.details } : {}),
    };
  }
}

export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
  body() {
    return { error: this.error, error_description: this.description };
  }
}

export const invalidRequest = (issue: string, description: string, field?: string) =>
  new PayPalApiError(
    400,
    "INVALID_REQUEST",
    "Request is not well-formed, syntactically incorrect, or violates schema.",
    [{ issue, description, ...(field ? { field, location: "body" as const } : {}) }],
  );

export const unprocessable = (issue: string, description: string) =>
  new PayPalApiError(
    422,
    "UNPROCESSABLE_ENTITY",
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
    [{ issue, description }],
  );

export const notFound = (
  description = "Specified resource ID does not exist. Please check the resource ID and try again.",
) =>
  new PayPalApiError(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", [
    { issue: "INVALID_RESOURCE_ID", description },
  ]);

export const authFailure = () =>
  new PayPalApiError(
    401,
    "AUTHENTICATION_FAILURE",
    "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
  );
