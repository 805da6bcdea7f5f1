import * as z from "zod";
import { ForbiddenError, ValidationError } from "@payloft/core/errors";
import { User } from "@payloft/core/user/index";
import { api } from "../http/api";
import { authClient, callbackUrl, clearPkceCookie, PKCE_COOKIE, sessionCookies, verifyTokens } from "../auth/session";

const NO_CODE = "Cannot exchange code for session token: no code provided in the URL search params";
const MAX_CODE = 1_000;
const Body = z.object({ code: z.string().trim().min(1) });

/** POST /api/sessions {code}: trades the sign-in code for the session cookies. */
export const handler = api(async (req) => {
  const body = Body.safeParse(req.body ?? {});
  if (!body.success) throw new ValidationError(NO_CODE, "auth.no_code");
  // A code far beyond any the issuer hands out is not worth a round trip (nor its failure modes).
  const exchanged =
    body.data.code.length > MAX_CODE
      ? { err: true as const }
      : await authClient().exchange(body.data.code, callbackUrl(), req.cookies[PKCE_COOKIE]);
  if (exchanged.err) {
    throw new ValidationError(
      "This sign-in link has expired or was already used. Please sign in again.",
      "auth.bad_code",
    );
  }
  const verified = await verifyTokens(exchanged.tokens.access, exchanged.tokens.refresh);
  const user = verified ? await User.fromID(verified.properties.id) : null;
  if (!user) throw new ValidationError("Sign-in could not be completed. Please sign in again.", "auth.bad_code");
  if (user.deactivated) throw new ForbiddenError(User.DEACTIVATED_MESSAGE, "user.deactivated");
  req.setCookies.length = 0; // a stale session of this browser is replaced, not refreshed
  req.setCookies.push(...sessionCookies(exchanged.tokens), clearPkceCookie());
  return { ok: true };
});
