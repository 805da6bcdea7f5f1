import { formatMoney } from "../currency/units";
import type { EmailMessage } from "../email/index";
import { button, frame, heading, paragraph } from "../email/layout";
import { greetingFor, questionsLine, type PurchaseContacts } from "../purchase/contacts";

/**
 * The e-mails a member gets when their membership changes (besides each charge's receipt): a
 * payment failed (and what to do), canceled (access until when), ended. Plain text with every
 * link in full, plus HTML, like the receipts; Reply-To is the seller when known.
 */
export interface NoticeFacts {
  to: string;
  productName: string;
  tierName: string;
  /** cents of the next period, in `currency` */
  amount: number;
  currency: string;
  /** ISO */
  periodEnd: string;
  portalUrl: string;
  productUrl: string;
  contacts: PurchaseContacts;
  supportEmail: string;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

function compose(f: NoticeFacts, subject: string, title: string, lines: string[], action: [string, string]) {
  const questions = questionsLine(f.contacts, f.productName, f.supportEmail);
  const greeting = greetingFor(f.contacts.buyerName);
  const text = [greeting, "", ...lines.flatMap((l) => [l, ""]), `${action[1]}: ${action[0]}`]
    .concat(questions ? ["", questions] : [])
    .join("\n");
  const html = frame(
    [
      heading(title),
      paragraph(greeting),
      ...lines.map((l) => paragraph(l)),
      button(action[0], action[1]),
      questions ? paragraph(questions, true) : "",
    ].join("\n"),
  );
  const message: EmailMessage = { to: f.to, subject, text, html };
  return f.contacts.sellerEmail ? { ...message, replyTo: f.contacts.sellerEmail } : message;
}

const named = (f: NoticeFacts) => `${f.productName}${f.tierName ? ` (${f.tierName})` : ""}`;

/** A renewal (or the trial's first charge) could not be taken; the provider tries again on `retryAt`. */
export function paymentFailedMessage(f: NoticeFacts, retryAt: string | null) {
  const price = formatMoney(f.amount, f.currency);
  const seller = f.contacts.sellerName || "the seller";
  return compose(
    f,
    `Your payment for ${f.productName} failed`,
    "Your membership payment failed",
    [
      `We couldn't take the payment of ${price} for your membership of ${named(f)}: your card was declined.`,
      retryAt
        ? `Your access continues for now, and we will try the same card again on ${day(retryAt)}. If the payments keep failing, the membership ends and your access with it.`
        : "If the payments keep failing, the membership ends and your access with it.",
      `What to do: make sure the card can be charged (enough funds, not expired, not blocked by your bank for online or recurring payments). To pay with another card, reply to this e-mail to reach ${seller}. You can also see or cancel the membership in your customer portal (sign in with this e-mail address).`,
    ],
    [f.portalUrl, "Your memberships"],
  );
}

/** A yearly membership renews in a week (membership/reminders.ts): the amount, the date, and how to stop it. */
export function renewalReminderMessage(f: NoticeFacts) {
  const on = day(f.periodEnd);
  const price = formatMoney(f.amount, f.currency);
  return compose(
    f,
    `Your membership of ${f.productName} renews on ${on}`,
    "Your membership renews in a week",
    [
      `Your yearly membership of ${named(f)} renews on ${on}, and ${price} will then be charged for the next year, as before.`,
      "Nothing to do if you want to stay.",
      `Don't want another year? Cancel it in your customer portal before ${on} (sign in with this e-mail address): nothing more is charged, and you keep access until then.`,
    ],
    [f.portalUrl, "Your memberships"],
  );
}

/** Set to end at the period's end (by the buyer, the seller or at the provider). */
export function canceledMessage(f: NoticeFacts) {
  const until = day(f.periodEnd);
  return compose(
    f,
    `Your membership of ${f.productName} is canceled`,
    "Your membership is canceled",
    [
      `Your membership of ${named(f)} is canceled: it will not renew and you will not be charged again.`,
      `You keep access until ${until}.`,
      `Changed your mind? You can resume it in your customer portal until ${until} (sign in with this e-mail address).`,
    ],
    [f.portalUrl, "Your memberships"],
  );
}

/** Over: the access link and the licence key stop working. */
export function endedMessage(f: NoticeFacts) {
  return compose(
    f,
    `Your membership of ${f.productName} has ended`,
    "Your membership has ended",
    [
      `Your membership of ${named(f)} has ended, and with it your access: its link and licence key no longer work. Nothing more will be charged.`,
      `You are welcome back any time: you can join again on its page.`,
    ],
    [f.productUrl, `Join ${f.productName} again`],
  );
}
