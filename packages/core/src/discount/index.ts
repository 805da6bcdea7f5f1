import { randomUUID } from "node:crypto";
import { Db, DiscountEntity, ProductEntity, type DiscountItem } from "../db/entities";
import { AppError, ConflictError, NotFoundError, ValidationError } from "../errors";
import { parseInput } from "../validation";
import { codeCurrencyOf, productsCurrencyMismatch } from "./currency";
import { CreateDiscountInput, UpdateDiscountInput } from "./input";
import { discountClaimScope, discountEndOf, discountStatusOf, type DiscountStatus } from "./status";

/**
 * A seller's discount codes: create, list, update, delete. A code is unique
 * within its seller through a claim item written in the same transaction as the code, which is
 * also how checkout looks a code up (one strongly consistent read). Applying a code to a
 * checkout is discount/redeem.ts.
 */
export namespace Discount {
  export type Status = DiscountStatus;

  export interface Info {
    id: string;
    code: string;
    percent_off: number | null;
    /** minor units of `currency` */
    amount_off: number | null;
    /** An amount-off code's currency (it applies only to prices in it); null for percent-off. */
    currency: string | null;
    /** Empty: every product of the seller. */
    product_ids: string[];
    max_redemptions: number | null;
    redemptions: number;
    expires_at: string | null;
    is_active: boolean;
    status: Status;
    created_at: string;
    updated_at: string;
  }

  export const claimScope = discountClaimScope;
  export const notFound = () => new NotFoundError("discount.not_found", "Discount code not found");
  const taken = (code: string) => new ConflictError("discount.code_taken", `You already have a code ${code}.`);

  export const statusOf = discountStatusOf;

  export function serialize(d: DiscountItem): Info {
    return {
      id: d.id,
      code: d.code,
      percent_off: d.percent_off ?? null,
      amount_off: d.amount_off ?? null,
      currency: codeCurrencyOf(d),
      product_ids: d.product_ids ?? [],
      max_redemptions: d.max_redemptions ?? null,
      redemptions: d.redemptions ?? 0,
      expires_at: discountEndOf(d),
      is_active: d.is_active,
      status: statusOf(d),
      created_at: d.created_at,
      updated_at: d.updated_at,
    };
  }

  async function owned(creatorId: string, id: string): Promise<DiscountItem> {
    const d = id ? (await DiscountEntity.get({ id }).go()).data : null;
    if (!d || d.creator_id !== creatorId) throw notFound();
    return d;
  }

  type Named = { id: string; creator_id: string; name: string; currency?: string };
  const productsOf = async (ids: string[]): Promise<(Named | null)[]> =>
    (
      await Promise.all(
        ids.map((id) => ProductEntity.get({ id }).go({ attributes: ["id", "creator_id", "name", "currency"] })),
      )
    ).map((r) => r.data);

  /** Every named product must be the seller's own (ids are not secret, but a code for someone else's makes no sense). */
  async function ownProducts(creatorId: string, ids: string[]): Promise<{ ids: string[]; products: Named[] }> {
    const unique = [...new Set(ids)];
    const found = await productsOf(unique);
    const stranger = unique.find((_, i) => found[i]?.creator_id !== creatorId);
    if (stranger !== undefined) throw new ValidationError(`product_ids: ${stranger} is not one of your products.`);
    return { ids: unique, products: found as Named[] };
  }

  /** A code that could never apply to the products it is limited to is refused (amount-off codes: their currency). */
  function refuseNeverApplies(d: Parameters<typeof productsCurrencyMismatch>[0], products: Named[]) {
    const why = productsCurrencyMismatch(d, products);
    if (why) throw new ValidationError(why, "discount.currency_mismatch");
  }

  const failed = () => new AppError("discount.write_failed", "The code could not be saved. Please try again.", 503);

  /** POST /api/discounts {code, percent_off | amount_off, product_ids?, max_redemptions?, expires_at?}. */
  export async function create(creatorId: string, input: unknown): Promise<Info> {
    const data = parseInput(CreateDiscountInput, input);
    const { ids: product_ids, products } = await ownProducts(creatorId, data.product_ids ?? []);
    const currency = data.amount_off != null ? (data.currency ?? "usd") : undefined;
    refuseNeverApplies({ code: data.code, amount_off: data.amount_off, currency }, products);
    const id = randomUUID();
    const result = await Db.transaction
      .write(({ discount, unique }) => [
        discount
          .create({
            id,
            creator_id: creatorId,
            code: data.code,
            ...(data.percent_off != null
              ? { percent_off: data.percent_off }
              : { amount_off: data.amount_off!, currency: currency! }),
            product_ids,
            ...(data.max_redemptions != null ? { max_redemptions: data.max_redemptions } : {}),
            ...(data.expires_at ? { expires_at: data.expires_at } : {}),
          })
          .commit(),
        unique.create({ scope: claimScope(creatorId), value: data.code, owner_id: id }).commit(),
      ])
      .go();
    if (result.canceled) {
      if (result.data[1]?.code === "ConditionalCheckFailed") throw taken(data.code);
      throw failed();
    }
    return serialize((await DiscountEntity.get({ id }).go()).data!);
  }

  /** GET /api/discounts: the seller's codes, newest first. */
  export async function list(creatorId: string): Promise<Info[]> {
    const res = await DiscountEntity.query.byCreator({ creator_id: creatorId }).go({ order: "desc", pages: "all" });
    return res.data.map(serialize);
  }

  /** PUT /api/discounts/{id}: any subset of the fields; null clears a limit. */
  export async function update(creatorId: string, id: string, input: unknown): Promise<Info> {
    const data = parseInput(UpdateDiscountInput, input);
    const d = await owned(creatorId, id);
    const set: Partial<DiscountItem> = {};
    const remove: (
      "percent_off" | "amount_off" | "currency" | "max_redemptions" | "expires_at" | "legacy_expires_at"
    )[] = [];
    // Setting one kind of discount clears the other.
    if (data.percent_off != null) {
      set.percent_off = data.percent_off;
      remove.push("amount_off", "currency");
    }
    if (data.amount_off != null) {
      set.amount_off = data.amount_off;
      remove.push("percent_off");
    }
    const named = data.product_ids !== undefined ? await ownProducts(creatorId, data.product_ids ?? []) : null;
    if (named) set.product_ids = named.ids;
    await refuseNeverAppliesAfter(d, data, set, named?.products);
    if (data.max_redemptions === null) remove.push("max_redemptions");
    if (data.max_redemptions != null) set.max_redemptions = data.max_redemptions;
    if (data.expires_at === null) remove.push("expires_at");
    if (data.expires_at) set.expires_at = data.expires_at;
    // A code saved before the rename moves its end to the new attribute on any update.
    if (d.legacy_expires_at !== undefined) {
      remove.push("legacy_expires_at");
      if (data.expires_at === undefined) set.expires_at = d.legacy_expires_at;
    }
    if (data.is_active !== undefined) set.is_active = data.is_active;
    const moving = data.code !== undefined && data.code !== d.code;
    if (moving) set.code = data.code;

    const limit = data.max_redemptions;
    const patch = (discount: Parameters<Parameters<typeof Db.transaction.write>[0]>[0]["discount"]) =>
      discount
        .patch({ id })
        .set(set)
        .remove(remove)
        // The code we read is still the code (a concurrent rename), and a lower limit is not below what was used.
        .where((a, op) =>
          limit != null ? `${op.eq(a.code, d.code)} AND ${op.lte(a.redemptions, limit)}` : op.eq(a.code, d.code),
        )
        .commit();
    const scope = claimScope(creatorId);
    const result = await Db.transaction
      .write(({ discount, unique }) => [
        patch(discount),
        ...(moving
          ? [
              unique.create({ scope, value: data.code!, owner_id: id }).commit(),
              unique.delete({ scope, value: d.code }).commit(),
            ]
          : []),
      ])
      .go();
    if (result.canceled) {
      const codes = result.data.map((r: { code?: string }) => r.code ?? "None");
      if (moving && codes[1] === "ConditionalCheckFailed") throw taken(data.code!);
      if (codes[0] === "ConditionalCheckFailed") {
        const now = await owned(creatorId, id);
        if (limit != null && now.redemptions > limit)
          throw new ValidationError(`This code was already used ${now.redemptions} times; the limit can't be lower.`);
        throw new ConflictError("discount.changed", "This code changed meanwhile. Please reload and try again.");
      }
      throw failed();
    }
    return serialize((await DiscountEntity.get({ id }).go()).data!);
  }

  /**
   * The code as the update leaves it must still be able to apply: an amount-off code keeps its
   * currency unless given another (a percent code turned amount-off is USD unless told), and
   * every product it is limited to (the new list, else the stored one) must share it.
   */
  async function refuseNeverAppliesAfter(
    d: DiscountItem,
    data: UpdateDiscountInput,
    set: Partial<DiscountItem>,
    named: Named[] | undefined,
  ) {
    const amountOff = data.amount_off ?? (data.percent_off != null ? null : (d.amount_off ?? null));
    if (amountOff == null) {
      if (data.currency != null)
        throw new ValidationError("A percent-off code has no currency: it applies to prices in every currency.");
      return;
    }
    const currency = data.currency ?? codeCurrencyOf(d) ?? "usd";
    if (currency !== codeCurrencyOf(d)) set.currency = currency;
    if (!named && data.currency == null && data.amount_off == null) return; // nothing that decides it changed
    const products = named ?? (await productsOf(d.product_ids)).filter((p): p is Named => p !== null);
    refuseNeverApplies({ code: data.code ?? d.code, amount_off: amountOff, currency }, products);
  }

  /** DELETE /api/discounts/{id}: the code stops working; past sales keep what they paid. */
  export async function remove(creatorId: string, id: string): Promise<void> {
    const d = await owned(creatorId, id);
    const result = await Db.transaction
      .write(({ discount, unique }) => [
        discount
          .delete({ id })
          .where((a, op) => op.eq(a.code, d.code))
          .commit(),
        unique.delete({ scope: claimScope(creatorId), value: d.code }).commit(),
      ])
      .go();
    if (result.canceled)
      throw new ConflictError("discount.changed", "This code changed meanwhile. Please reload and try again.");
  }
}
