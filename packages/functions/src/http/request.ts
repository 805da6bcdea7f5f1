import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { $ZodType, output } from "zod/v4/core";
import type { Actor } from "@payloft/core/actor/index";
import { parseInput } from "@payloft/core/validation";

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

/** Request input through the one validation helper, naming the field when the message does not. */
export const parse = <S extends $ZodType>(schema: S, value: unknown): output<S> =>
  parseInput(schema, value, { prefixField: true });

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
