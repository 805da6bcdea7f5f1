import { REF_COOKIE, followLink } from "@payloft/core/affiliate/referral";
import { api } from "../http/api";
import { reply } from "../http/request";

/** GET /r/{code}[?product=id]: an affiliate's link → 302 to the product or store, with the attribution cookie. */
export const handler = api(async (req) => {
  const { location, setCookie } = await followLink(req.params.code ?? "", req.query.product, req.cookies[REF_COOKIE], {
    userAgent: req.headers["user-agent"],
    purpose: req.headers["sec-purpose"] ?? req.headers["purpose"],
  });
  if (setCookie) req.setCookies.push(setCookie);
  return reply(302, "Redirecting.", { location, "content-type": "text/plain; charset=utf-8" });
});
