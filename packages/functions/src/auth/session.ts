import type { Actor } from "@payloft/core/actor/index";
import type { ApiRequest } from "../http/request";

/**
 * Resolves the caller from the session cookies. The sign-in issue replaces this body with
 * OpenAuth token verification (and transparent refresh); until then nobody is signed in.
 */
export async function resolveSession(_req: ApiRequest): Promise<{ actor: Actor | null; setCookies: string[] }> {
  return { actor: null, setCookies: [] };
}
