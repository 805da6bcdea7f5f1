import { Checkout } from "@payloft/core/checkout/index";
import { REF_COOKIE } from "@payloft/core/affiliate/referral";
import { api } from "../http/api";
import { clientAddress } from "../http/limits";

/**
 * Anonymous buyers too; a signed-in buyer's e-mail is prefilled on the payment page, which
 * speaks the language of the buyer's browser. The buyer's address limits how many of a discount
 * code's uses they hold in unpaid checkouts.
 */
export const handler = api(async (req) =>
  Checkout.createSession(req.body, req.actor, {
    acceptLanguage: req.headers["accept-language"],
    address: clientAddress(req.event),
    referral: req.cookies[REF_COOKIE],
  }),
);
