import { safeParse, type $ZodType, type output } from "zod/v4/core";
import { ValidationError } from "./errors";

/**
 * Characters no typed name needs and that make it lie when shown or stored: control characters
 * (NUL, CR/LF, tab, DEL, C1), the bidi embedding, override and isolate controls (a right-to-left
 * override turns "Ann\u202Efdp.exe" into "Annexe.pdf"), and lone surrogates (not text at all:
 * they break JSON consumers and e-mail headers).
 */
const UNSAFE_IN_NAMES = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;

/** True when `text` has a character refused in names (see UNSAFE_IN_NAMES). */
export const hasUnsafeCharacters = (text: string) => UNSAFE_IN_NAMES.test(text);

/** The sentence a name with such a character gets, for `what` ("Your name", "A key's name"). */
export const unsafeNameMessage = (what: string) =>
  `${what} can't contain line breaks, control characters or text-direction controls.`;

export interface ParseOptions {
  /** Error code of the 400 (default `request.invalid`). */
  code?: string;
  /** Message when zod gives none. */
  fallback?: string;
  /** Put the field's path before a message that does not name it ("price: must be a number"). */
  prefixField?: boolean;
}

/**
 * THE input check: every body, query and argument that comes from outside goes through zod
 * here. The first problem becomes a 400 a person can act on, never a 500; a missing body
 * validates as `{}` so "required" messages, not type errors, reach the caller. Takes zod classic
 * and zod/mini schemas alike (both are zod core schemas; mini bundles far smaller).
 */
export function parseInput<S extends $ZodType>(schema: S, value: unknown, opts: ParseOptions = {}): output<S> {
  const result = safeParse(schema, value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? opts.fallback ?? "Invalid request";
  const field = opts.prefixField && issue?.path.length ? issue.path.join(".") : "";
  const text = field && !message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${message}` : message;
  throw new ValidationError(text, opts.code);
}
