import { AGAIN, retry } from "../retry";
import { randomUUID } from "node:crypto";
import * as z from "zod";
import { ProductEntity, UserEntity, type ProductItem } from "../db/entities";
import { AppError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { productLimitFor } from "../plan/limits";
import { Setting } from "../setting/index";
import { CreateProductInput, MEDIA_TYPES, SetActiveInput, validate } from "./input";
import { today, transact } from "./store";
import { brandingOf, storeOf } from "../store/branding";

type Item = ProductItem;

/**
 * A creator's products. Every write that changes how many products or
 * active products exist updates the owner's product_count and the counters in the SAME
 * transaction, so dashboards read one item and the plan limit can never be overshot.
 */
export namespace Product {
  export const Info = z.object({
    id: z.string(),
    creator_id: z.string(),
    name: z.string(),
    headline: z.string(),
    subheadline: z.string(),
    description: z.string(),
    /** cents */
    price: z.number().int(),
    /** Owner only (DECISIONS 14). */
    content_url: z.string().optional(),
    media_type: z.enum(MEDIA_TYPES),
    media_url: z.string(),
    is_active: z.boolean(),
    moderation_status: z.enum(["pending", "under_review", "approved", "rejected"]),
    moderation_notes: z.string().optional(),
    sales_count: z.number().int(),
    /** cents */
    total_revenue: z.number().int(),
    view_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  });
  export type Info = z.infer<typeof Info>;

  export const notFound = () => new NotFoundError("product.not_found", "Product not found");
  export const limitMessage = (limit: number) =>
    `You've reached your plan limit of ${limit} product(s). Please upgrade your plan to add more products.`;

  function serialize(p: Item, opts: { owner: boolean }): Info {
    return {
      id: p.id,
      creator_id: p.creator_id,
      name: p.name,
      headline: p.headline ?? "",
      subheadline: p.subheadline ?? "",
      description: p.description ?? "",
      price: p.price,
      ...(opts.owner ? { content_url: p.content_url } : {}),
      media_type: p.media_type,
      media_url: p.media_url ?? "",
      is_active: p.is_active,
      moderation_status: p.moderation_status,
      // The owner always sees the reviewer's notes ("" when there are none); nobody else does.
      ...(opts.owner ? { moderation_notes: p.moderation_notes ?? "" } : {}),
      sales_count: p.sales_count,
      total_revenue: p.total_revenue,
      view_count: p.view_count,
      created_at: p.created_at,
      updated_at: p.updated_at,
    };
  }

  async function get(id: string): Promise<Item | null> {
    if (!id) return null;
    return (await ProductEntity.get({ id }).go()).data;
  }

  /** The product if `creatorId` owns it; anyone else gets the same 404 as a missing one. */
  async function owned(creatorId: string, id: string): Promise<Item> {
    const p = await get(id);
    if (!p || p.creator_id !== creatorId) throw notFound();
    return p;
  }

  /*
   * Counters are bumped with update().add(), NOT upsert().add(): ElectroDB's upsert also SETs
   * every attribute that has a default (sales: 0, products: 0, ...), which would zero the
   * other running totals of the same item on each write. UpdateItem creates a missing item.
   */
  const counterScopes = (creatorId: string) => [`creator#${creatorId}`, "platform"];

  /** POST /api/products. Price arrives in dollars (DECISIONS 4) and is stored in cents. */
  export async function create(creatorId: string, input: unknown): Promise<Info> {
    const data = validate(CreateProductInput, input);
    const user = (await UserEntity.get({ id: creatorId }).go()).data;
    if (!user) throw new ForbiddenError("Please finish setting up your account before adding products.");
    const limit = productLimitFor(user);
    const approved = await Setting.bool("auto_approve_products");
    const id = randomUUID();

    const codes = await transact(({ product, user: users, counter }) => [
      product
        .create({
          id,
          creator_id: creatorId,
          ...data,
          is_active: true,
          moderation_status: approved ? "approved" : "pending",
        })
        .commit(),
      // DECISIONS 5: the limit is a condition on the owner's count, checked atomically.
      limit === null
        ? users.patch({ id: creatorId }).add({ product_count: 1 }).commit()
        : users
            .patch({ id: creatorId })
            .add({ product_count: 1 })
            .where((a, op) => op.lt(a.product_count, limit))
            .commit(),
      ...counterScopes(creatorId).map((scope) =>
        counter.update({ scope }).add({ products: 1, active_products: 1 }).commit(),
      ),
    ]);
    if (codes) {
      if (codes[1] === "ConditionalCheckFailed" && limit !== null) {
        throw new AppError("plan.limit_reached", limitMessage(limit), 403, { limit });
      }
      throw new AppError("product.create_failed", "Failed to create product. Please try again.", 503);
    }
    const created = await get(id);
    return serialize(created!, { owner: true });
  }

  /** GET /api/products: the caller's own products, newest first (one Query). */
  export async function list(creatorId: string): Promise<Info[]> {
    const res = await ProductEntity.query.byCreator({ creator_id: creatorId }).go({ order: "desc", pages: "all" });
    return res.data.map((p) => serialize(p, { owner: true }));
  }

  /** PUT /api/products/{id} {is_active}: Activate / Deactivate. */
  export async function setActive(creatorId: string, id: string, input: unknown): Promise<Info> {
    const { is_active } = validate(SetActiveInput, input);
    return retry(
      async () => {
        const p = await owned(creatorId, id);
        if (p.is_active === is_active) return serialize(p, { owner: true });
        const delta = is_active ? 1 : -1;
        const codes = await transact(({ product, counter }) => [
          // Conditional on the state we read, so a concurrent toggle cannot count twice.
          product
            .patch({ id })
            .set({ is_active })
            .where((a, op) => `${op.eq(a.is_active, p.is_active)} AND ${op.eq(a.creator_id, creatorId)}`)
            .commit(),
          ...counterScopes(creatorId).map((scope) =>
            counter.update({ scope }).add({ active_products: delta }).commit(),
          ),
        ]);
        return codes ? AGAIN : serialize({ ...p, is_active }, { owner: true });
      },
      {
        attempts: 5,
        exhausted: () => new AppError("product.update_failed", "Failed to update the product. Please try again.", 503),
      },
    );
  }

  /** DELETE /api/products/{id}. Purchases keep their own snapshots of name and content. */
  export async function remove(creatorId: string, id: string): Promise<void> {
    const p = await owned(creatorId, id);
    const codes = await transact(({ product, user, counter }) => [
      product
        .delete({ id })
        .where((a, op) => op.eq(a.creator_id, creatorId))
        .commit(),
      user.patch({ id: creatorId }).add({ product_count: -1 }).commit(),
      ...counterScopes(creatorId).map((scope) =>
        counter
          .update({ scope })
          .add({ products: -1, active_products: p.is_active ? -1 : 0 })
          .commit(),
      ),
    ]);
    // The product's own condition failing means someone deleted it first.
    if (codes?.[0] === "ConditionalCheckFailed") throw notFound();
    if (codes) throw new AppError("product.delete_failed", "Failed to delete the product. Please try again.", 503);
  }

  /** Why a product cannot be bought right now, or null when it can (DECISIONS 7, 16). */
  async function unavailableReason(p: Item): Promise<string | null> {
    if (!p.is_active) return "inactive";
    if (p.moderation_status !== "approved") return "not_approved";
    const seller = (await UserEntity.get({ id: p.creator_id }).go()).data;
    if (!seller || seller.deactivated) return "seller_unavailable";
    return null;
  }

  /**
   * GET /api/public/products/{id}: the sales-page view. Never content_url (DECISIONS 14).
   * An unavailable product answers is_active=false with its selling content blanked, so a
   * rejected product's text and media are not served.
   */
  export async function publicView(id: string) {
    const p = await get(id);
    if (!p) throw notFound();
    const [seller, store] = await Promise.all([UserEntity.get({ id: p.creator_id }).go(), storeOf(p.creator_id)]);
    const available = (await unavailableReason(p)) === null;
    const base = {
      id: p.id,
      name: p.name,
      price: p.price,
      creator_id: p.creator_id,
      creator_name: seller.data?.name ?? "",
      created_at: p.created_at,
      branding: brandingOf(store, seller.data),
    };
    if (!available) {
      return {
        ...base,
        headline: "",
        subheadline: "",
        description: "",
        media_type: "none" as const,
        media_url: "",
        is_active: false,
        sales_count: 0,
      };
    }
    return {
      ...base,
      headline: p.headline ?? "",
      subheadline: p.subheadline ?? "",
      description: p.description ?? "",
      media_type: p.media_type,
      media_url: p.media_url ?? "",
      is_active: true,
      sales_count: p.sales_count,
    };
  }

  /** What checkout needs from a product it may sell (its snapshot included); refuses unavailable ones. */
  export async function forCheckout(id: string) {
    const p = await get(id);
    if (!p) throw notFound();
    if (await unavailableReason(p)) {
      throw new ValidationError("This product is currently unavailable for purchase.", "product.unavailable");
    }
    return {
      id: p.id,
      name: p.name,
      description: p.description ?? "",
      price: p.price,
      content_url: p.content_url,
      creator_id: p.creator_id,
    };
  }

  /** The seller of a product (for GET /api/public/payment-info/{id}). */
  export async function creatorOf(id: string): Promise<string> {
    const p = await get(id);
    if (!p) throw notFound();
    return p.creator_id;
  }

  /**
   * POST /api/public/products/{id}/view: one page view, counted on the product, the
   * seller's counter and both daily aggregates in one transaction (conversion analytics).
   */
  export async function recordView(id: string): Promise<void> {
    const p = await get(id);
    if (!p) throw notFound();
    const date = today();
    const codes = await transact(({ product, counter, daily }) => [
      product.patch({ id }).add({ view_count: 1 }).commit(),
      counter
        .update({ scope: `creator#${p.creator_id}` })
        .add({ views: 1 })
        .commit(),
      daily
        .update({ scope: `creator#${p.creator_id}`, date })
        .add({ views: 1 })
        .commit(),
      daily
        .update({ scope: `product#${id}`, date })
        .add({ views: 1 })
        .commit(),
    ]);
    if (codes?.[0] === "ConditionalCheckFailed") throw notFound();
    if (codes) throw new AppError("product.view_failed", "Could not record the view.", 503);
  }
}
