import type { AffiliateItem, UserItem } from "../db/entities";
import { Config } from "../config/index";
import { Email } from "../email/index";
import { button, frame, heading, paragraph } from "../email/layout";
import { logger } from "../log/index";

/** Where the invited person answers (signed in under any role): the Affiliate area. */
export const invitationsUrl = () => `${Config.siteUrl()}/affiliate`;

export function invitationMessage(a: AffiliateItem, creator: Pick<UserItem, "name" | "email">) {
  const who = creator.name || creator.email;
  const scope = a.all_products ? "all of their products" : `${a.product_ids.length} of their products`;
  const url = invitationsUrl();
  const lines = [
    `${who} would like you to promote ${scope} on Payloft, for ${a.commission_percent}% of every sale you bring.`,
    "Nothing happens unless you accept: you are not an affiliate, and nobody can use your name, until you do.",
  ];
  return {
    to: a.email,
    replyTo: creator.email,
    subject: `${who} invited you to be an affiliate`,
    text: [...lines, "", `Accept or decline: ${url}`, "", "If you don't know this person, ignore this e-mail."].join(
      "\n",
    ),
    html: frame(
      [
        heading("You're invited to be an affiliate"),
        ...lines.map((l) => paragraph(l)),
        button(url, "See the invitation"),
        paragraph("If you don't know this person, ignore this e-mail.", true),
      ].join("\n"),
    ),
  };
}

/** The invitation is recorded first; a failed send is logged, and the person still finds it when signed in. */
export async function sendInvitation(a: AffiliateItem, creator: Pick<UserItem, "name" | "email">) {
  try {
    await Email.send(invitationMessage(a, creator));
  } catch (err) {
    logger.warn("the affiliate invitation e-mail could not be sent", { affiliateId: a.id, err });
  }
}
