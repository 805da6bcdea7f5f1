import * as z from "zod/mini";
import { MembershipEntity, type MembershipItem } from "../db/entities";
import { NotFoundError } from "../errors";
import { Sales } from "../sales/index";
import { parseInput } from "../validation";
import { preprocess } from "../zod";
import { billingOf } from "../product/tiers";
import { getProduct } from "../product/view";
import { membershipInfo, type BuyerMembershipInfo, type MembershipPlan } from "./shape";

/**
 * The lists of memberships: the buyer's own (by sign-in e-mail, the key of the gsi2 index) and the
 * creator's members (by creator id, gsi1), so nobody can page into another person's records.
 * No provider is asked: these Lambdas hold no seller key (./manage.ts has the actions).
 */

/** GET /api/customer/memberships: the caller's memberships (by sign-in e-mail), newest first. */
export async function membershipsOfBuyer(email: string): Promise<{ memberships: BuyerMembershipInfo[] }> {
  const res = await MembershipEntity.query
    .byCustomer({ customer_email: email.trim().toLowerCase() })
    .go({ order: "desc", pages: "all" });
  const running = [...new Set(res.data.filter((m) => m.status !== "ended").map((m) => m.product_id))];
  const products = new Map(await Promise.all(running.map(async (id) => [id, await getProduct(id)] as const)));
  const plansOf = (m: MembershipItem): MembershipPlan[] => {
    const product = m.status === "ended" ? null : products.get(m.product_id);
    if (!product) return [];
    return billingOf(product).tiers.flatMap((t) =>
      t.prices.map((p) => ({ tier: t.id, tier_name: t.name, interval: p.interval, amount: p.amount })),
    );
  };
  return { memberships: res.data.map((m) => ({ ...membershipInfo(m), provider: m.provider, plans: plansOf(m) })) };
}

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** DELETE /api/products/{id}'s query (membership/product-delete.ts): `cancel_memberships=true` confirms. */
export const DeleteProductInput = z.object({
  cancel_memberships: preprocess(
    (v) => (v === "true" ? true : v === "false" || v === "" ? false : v),
    z.optional(z.boolean({ error: "cancel_memberships must be true or false." })),
  ),
});

export const ListInput = z.object({
  status: preprocess(
    blank,
    z.optional(
      z.enum(["trialing", "active", "past_due", "canceled", "ended"], {
        message: "status must be trialing, active, past_due, canceled or ended.",
      }),
    ),
  ),
  tier: preprocess(blank, z.optional(z.string().check(z.maxLength(100, "tier is too long.")))),
  ...Sales.PageInput.shape,
});

/**
 * GET /api/memberships?status=&tier=&cursor=&limit=: the creator's members, newest first. The
 * filters are applied to each page read, so a page may hold fewer than `limit`: follow nextCursor.
 */
export async function membersOf(creatorId: string, input: unknown) {
  const { status, tier, cursor, limit } = parseInput(ListInput, input);
  const query = MembershipEntity.query.byCreator({ creator_id: creatorId });
  const filtered =
    status || tier
      ? query.where((a, op) =>
          [status ? op.eq(a.status, status) : "", tier ? op.eq(a.tier, tier) : ""].filter(Boolean).join(" AND "),
        )
      : query;
  const res = await Sales.withCursor(() =>
    filtered.go({ order: "desc", cursor: cursor ?? null, limit: limit ?? Sales.DEFAULT_PAGE }),
  );
  return { memberships: res.data.map(membershipInfo), nextCursor: res.cursor ?? null };
}

/** Every membership of these creators (the recount's reading: an operator's tool, not a request path). */
export async function membershipsOfCreators(creatorIds: string[]): Promise<MembershipItem[]> {
  const out: MembershipItem[] = [];
  for (const creator_id of creatorIds) {
    const res = await MembershipEntity.query.byCreator({ creator_id }).go({ pages: "all" });
    out.push(...res.data);
  }
  return out;
}

export const membershipNotFound = () => new NotFoundError("membership.not_found", "Membership not found.");

/** One membership by id, for its creator only (others get the same 404 as a missing one). */
export async function creatorsOwn(creatorId: string, id: string): Promise<MembershipItem> {
  const m = id ? (await MembershipEntity.get({ id }).go({ consistent: true })).data : null;
  if (!m || m.creator_id !== creatorId) throw membershipNotFound();
  return m;
}

/** GET /api/v1/memberships/{id}: one of the creator's members. */
export const memberOf = async (creatorId: string, id: string) => membershipInfo(await creatorsOwn(creatorId, id));
