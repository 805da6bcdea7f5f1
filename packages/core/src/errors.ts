/**
 * Typed application errors. Every error a user can cause is one of these; the HTTP
 * wrapper maps `status` to the response and sends `{ error: message, code, ...extra }`.
 * Anything else is an unexpected fault: logged, and answered as a bare 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** Extra fields merged into the JSON error body (e.g. `{ limit: 3 }`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: input the caller can fix. */
export class ValidationError extends AppError {
  constructor(message: string, code = "request.invalid", extra: Record<string, unknown> = {}) {
    super(code, message, 400, extra);
  }
}

/** 401: no valid session. */
export class UnauthorizedError extends AppError {
  constructor(message = "Please sign in to continue.", code = "auth.required") {
    super(code, message, 401);
  }
}

/** 403: signed in, but not allowed. */
export class ForbiddenError extends AppError {
  constructor(message = "You do not have permission to do this.", code = "auth.forbidden") {
    super(code, message, 403);
  }
}

/**
 * 403: the caller's plan does not include this feature (rule: Features by plan). `upgrade` names the
 * cheapest plan that does, so the screen can show an upgrade card.
 */
export class PlanLockedError extends AppError {
  constructor(message: string, upgrade: string) {
    super("plan.feature_locked", message, 403, { upgrade });
  }
}

/** 429: too many requests from one address or key; `retryAfter` seconds go in Retry-After. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfter: number,
    message = "Too many requests. Please wait a moment and try again.",
  ) {
    super("request.rate_limited", message, 429, { retry_after: retryAfter });
  }
}

/** 404: the thing does not exist, or the caller may not know it exists. */
export class NotFoundError extends AppError {
  constructor(code: string, message: string) {
    super(code, message, 404);
  }
}

/** 409: the request conflicts with the current state. */
export class ConflictError extends AppError {
  constructor(code: string, message: string, extra: Record<string, unknown> = {}) {
    super(code, message, 409, extra);
  }
}

/** 502: an upstream provider (Stripe, PayPal) failed or refused. */
export class ProviderError extends AppError {
  constructor(message: string, code = "provider.failed") {
    super(code, message, 502);
  }
}

/** 503: the platform or a dependency is temporarily unavailable. */
export class UnavailableError extends AppError {
  constructor(message: string, code = "service.unavailable") {
    super(code, message, 503);
  }
}
