import { Config } from "../config/index";
import type { ProductItem } from "../db/entities";
import { Email } from "../email/index";
import { logger } from "../log/index";
import { escapeHtml as esc } from "../email/layout";

/**
 * The e-mail a creator gets when an admin reviews one of their products with a new status or
 * with notes: what changed, what it means for buyers, and the reviewer's words.
 */
type Status = ProductItem["moderation_status"];

const OUTCOME: Record<Status, { subject: string; meaning: string }> = {
  approved: { subject: "was approved", meaning: "Approved: buyers can purchase it on its sales page." },
  rejected: {
    subject: "was not approved",
    meaning: "Rejected: buyers cannot purchase it. Please see the notes below.",
  },
  under_review: {
    subject: "is under review",
    meaning: "Under review: buyers cannot purchase it until it is approved.",
  },
  pending: {
    subject: "is waiting for review",
    meaning: "Pending review: buyers cannot purchase it until it is approved.",
  },
};

export function moderationMessage(
  p: { name: string; status: Status; notes: string; statusChanged: boolean },
  to: { name: string },
) {
  const outcome = OUTCOME[p.status];
  const subject = p.statusChanged
    ? `Your product "${p.name}" ${outcome.subject}`
    : `A note from the reviewer about "${p.name}"`;
  const dashboard = `${Config.siteUrl()}/dashboard`;
  const greeting = `Hi ${to.name || "there"},`;
  const intro = `A Payloft administrator reviewed your product "${p.name}".`;
  const text = [
    greeting,
    "",
    intro,
    "",
    `Status: ${outcome.meaning}`,
    ...(p.notes ? ["", "Notes from the reviewer:", p.notes] : []),
    "",
    `See your products: ${dashboard}`,
  ].join("\n");
  const html = `<div style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px">
<p>${esc(greeting)}</p><p>${esc(intro)}</p>
<p><strong>Status:</strong> ${esc(outcome.meaning)}</p>
${p.notes ? `<p style="margin:0 0 4px"><strong>Notes from the reviewer:</strong></p><blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #6366f1;background:#f8fafc;white-space:pre-line">${esc(p.notes)}</blockquote>` : ""}
<p><a href="${esc(dashboard)}">See your products</a></p></div>`;
  return { subject, text, html };
}

/** Sends it; a failed e-mail never undoes the review (it is logged for support). */
export async function notifyCreator(
  to: { email: string; name: string },
  p: { name: string; status: Status; notes: string; statusChanged: boolean },
) {
  if (!p.statusChanged && !p.notes) return;
  try {
    await Email.send({ to: to.email, ...moderationMessage(p, to) });
  } catch (err) {
    logger.error("moderation e-mail failed", { error: (err as Error).message });
  }
}
