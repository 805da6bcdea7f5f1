import { api } from "../http/api";
import { authClient, callbackUrl, pkceCookie } from "../auth/session";

/** GET /api/oauth/google/redirect_url: where the browser goes to sign in with Google. */
export const handler = api(async (req) => {
  const { url, challenge } = await authClient().authorize(callbackUrl(), "code", { provider: "google", pkce: true });
  // The verifier stays in this browser, so only the browser that started sign-in can finish it.
  if (challenge.verifier) req.setCookies.push(pkceCookie(challenge.verifier));
  return { redirectUrl: url };
});
