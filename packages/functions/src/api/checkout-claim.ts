import { Claim } from "@payloft/core/checkout/claim";
import { api } from "../http/api";
import { wantsPage } from "../http/form-page";
import { htmlPage } from "../http/page";

type Claimed = Awaited<ReturnType<typeof Claim.claim>>;

/**
 * What the success page would show, as a page of its own: for the claim form posted without
 * JavaScript (the success page is the web app's, which needs it).
 */
const claimedPage = ({ product, purchase }: Claimed) =>
  htmlPage(200, {
    title: "It's yours!",
    paragraphs: [
      `We e-mailed the access link for ${product.name} to ${purchase.customer_email}.`,
      ...(purchase.license_key ? [`Your licence key: ${purchase.license_key}`] : []),
    ],
    ...(purchase.access_url ? { link: { href: purchase.access_url, text: "Open it now" } } : {}),
  });

/**
 * A free product (or a code that takes everything off): the buyer's e-mail, no payment; answered
 * like the success page, or as a page for a browser's own form post (the claim before JavaScript).
 */
export const handler = api(async (req) => {
  const claimed = await Claim.claim(req.body);
  return wantsPage(req.event) ? claimedPage(claimed) : claimed;
});
