import { Checkout } from "@payloft/core/checkout/index";
import { api } from "../http/api";

/**
 * Anonymous buyers too; a signed-in buyer's e-mail is prefilled on the payment page, which
 * speaks the language of the buyer's browser.
 */
export const handler = api(async (req) =>
  Checkout.createSession(req.body, req.actor, { acceptLanguage: req.headers["accept-language"] }),
);
