import { Claim } from "@payloft/core/checkout/claim";
import { api } from "../http/api";

/** A free product (or a code that takes everything off): the buyer's e-mail, no payment; answered like the success page. */
export const handler = api(async (req) => Claim.claim(req.body));
