import { Access } from "@payloft/core/access/index";
import { followAccessLink } from "@payloft/core/access/follow";
import { Config } from "@payloft/core/config/index";
import { Setting } from "@payloft/core/setting/index";
import { api } from "../http/api";
import { reply } from "../http/request";
import { htmlPage } from "../http/page";

const WHY: Record<Access.Revoked, string> = {
  refunded: "was refunded",
  disputed: "is disputed with the card issuer",
  membership_ended: "has ended",
};

const day = (iso?: string) =>
  iso ? ` on ${new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })}` : "";

/** GET /a/{token}: a buyer's access link → 302 to the content, or a page saying why not (410 / 404). */
export const handler = api(async (req) => {
  const outcome = await followAccessLink(req.params.token ?? "");
  if (outcome.kind === "content") {
    // no-referrer: the content site never learns the access link.
    return reply(302, "Redirecting to your content.", {
      location: outcome.location,
      "content-type": "text/plain; charset=utf-8",
      "referrer-policy": "no-referrer",
    });
  }
  const portal = { href: `${Config.siteUrl()}/customer-dashboard`, text: "Go to your purchases" };
  if (outcome.kind === "unknown")
    return htmlPage(404, {
      title: "This link does not work",
      paragraphs: ["We could not find a purchase for this access link. Please check that you copied the whole link."],
      link: portal,
    });
  const support = await Setting.get("support_email");
  return htmlPage(410, {
    title: "This content is no longer available",
    paragraphs: [
      `Your ${outcome.reason === "membership_ended" ? "membership" : "purchase"} of ${outcome.product_name} ${WHY[outcome.reason]}${outcome.reason === "refunded" ? day(outcome.at) : ""}, so this access link no longer opens its content.`,
      `If you think this is a mistake, write to ${support}.`,
    ],
    link: portal,
  });
});
