import { Checkout } from "@payloft/core/checkout/index";
import { REF_COOKIE } from "@payloft/core/affiliate/referral";
import { api } from "../http/api";
import { Reply } from "../http/request";

/**
 * The sales page's Buy form (it works before JavaScript runs): the same checkout as
 * create-session, from the form's fields, answered 303 See Other to the provider's checkout.
 */
export const handler = api(async (req) => {
  const { url } = await Checkout.createSession(Checkout.formInput(req.body), req.actor, {
    acceptLanguage: req.headers["accept-language"],
    referral: req.cookies[REF_COOKIE],
  });
  return new Reply(303, "", { location: url, "content-type": "text/plain; charset=utf-8" });
});
