import { createSubjects } from "@openauthjs/openauth/subject";
import * as z from "zod/mini";
import "@payloft/core/zod";

/**
 * What an access token says about its holder. `signed_in_at` lets the server end a session
 * on logout: tokens (and their refreshes, which keep these properties) issued before the
 * user's `sessions_revoked_at` are refused.
 */
export const subjects = createSubjects({
  user: z.object({
    id: z.string(),
    email: z.string(),
    signed_in_at: z.number(),
  }),
});

/** The OAuth client id of the web app at the issuer. */
export const WEB_CLIENT_ID = "payloft-web";
