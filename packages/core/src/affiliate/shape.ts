import { randomBytes } from "node:crypto";
import { AffiliateEntity, type AffiliateItem } from "../db/entities";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { Config } from "../config/index";

/** What affiliates' records share: scopes of their claims, codes, links, the API shape. */
// The code claims' scope lives with the ElectroDB-free lookup (./visit.ts).
export { CODE_SCOPE } from "./visit";
/** One live invitation or affiliate per creator and e-mail. */
export const emailScope = (creatorId: string) => `affiliate#${creatorId}`;

/** Lower-case letters and digits without the ones people misread (0/o, 1/l/i). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export function newCode(): string {
  const bytes = randomBytes(8);
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}

export const linkOf = (code: string) => `${Config.siteUrl()}/r/${code}`;

/** Statuses in which the person is (or may become) this creator's affiliate. */
export const LIVE = ["invited", "active", "paused"] as const;
export const isLive = (a: AffiliateItem) => (LIVE as readonly string[]).includes(a.status);

export const notFound = () => new NotFoundError("affiliate.not_found", "Affiliate not found");
export const changed = () =>
  new ConflictError("affiliate.changed", "This affiliate changed meanwhile. Please reload and try again.");

/** A payment the creator recorded: minor units of `currency`, when, and their note. */
export interface Payout {
  amount: number;
  currency: string;
  paid_at: string;
  note: string | null;
}

/** Payout history, newest first. */
export const payoutsOf = (a: AffiliateItem): Payout[] =>
  (a.payouts ?? [])
    .map((p) => ({ amount: p.amount, currency: p.currency, paid_at: p.paid_at, note: p.note ?? null }))
    .reverse();

export interface AffiliateInfo {
  id: string;
  email: string;
  commission_percent: number;
  /** null: every product of the creator. */
  product_ids: string[] | null;
  status: AffiliateItem["status"];
  code: string;
  /** The affiliate's link; null until they accept (a link nobody agreed to promote is no use). */
  link: string | null;
  paypal_email: string | null;
  /** "Mark as paid" records, newest first. */
  payouts: Payout[];
  accepted_at: string | null;
  created_at: string;
  updated_at: string;
}

export function serialize(a: AffiliateItem): AffiliateInfo {
  const accepted = a.status === "active" || a.status === "paused" || (a.status === "removed" && !!a.user_id);
  return {
    id: a.id,
    email: a.email,
    commission_percent: a.commission_percent,
    product_ids: a.all_products ? null : a.product_ids,
    status: a.status,
    code: a.code,
    link: a.status === "active" || a.status === "paused" ? linkOf(a.code) : null,
    paypal_email: a.paypal_email ?? null,
    payouts: payoutsOf(a),
    accepted_at: accepted ? (a.responded_at ?? null) : null,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

export async function read(id: string): Promise<AffiliateItem | null> {
  return id ? (await AffiliateEntity.get({ id }).go()).data : null;
}

/** The creator's own affiliate; another creator's is refused with a sentence (a removed one is gone). */
export async function ownedBy(creatorId: string, id: string, opts: { removed?: boolean } = {}): Promise<AffiliateItem> {
  const a = await read(id);
  if (!a || (a.status === "removed" && !opts.removed)) throw notFound();
  if (a.creator_id !== creatorId)
    throw new ForbiddenError(
      "This affiliate works with another creator: you can't see or change it.",
      "affiliate.foreign",
    );
  return a;
}
