import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { z } from "zod";
import type { Actor } from "@payloft/core/actor/index";
import { ValidationError } from "@payloft/core/errors";

export interface ApiRequest {
  event: APIGatewayProxyEventV2;
  /** The request body exactly as sent (base64 already decoded). Webhooks verify this. */
  rawBody: string;
  /** Parsed JSON body, or undefined when there was none. */
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string>;
  cookies: Record<string, string>;
  headers: Record<string, string>;
  /** null on anonymous routes when nobody is signed in; always set on protected routes. */
  actor: Actor | null;
  requestId: string;
  /** Cookies to send back (session refresh, login, logout). */
  setCookies: string[];
}

/** A non-200 answer, or one that needs headers/cookies. Plain return values are 200 JSON. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Reply(status, body, headers);

/** Validates with zod; the first issue becomes a 400 a person can act on. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join(".") : "";
  const message = issue?.message ?? "Invalid request";
  throw new ValidationError(
    field && !message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${message}` : message,
  );
}

export function parseCookies(list: string[] | undefined, header?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const parts = [...(list ?? []), ...(header ? header.split(";") : [])];
  for (const part of parts) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (name && !(name in out)) out[name] = safeDecode(part.slice(i + 1).trim());
  }
  return out;
}

/** A cookie the browser (or anyone) mangled is kept as sent, so it fails as a bad session, not a 500. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
